import { Link } from 'react-router';
import { LeafIcon } from '#client/components/icons.tsx';
import { paths } from '#client/routes.ts';
import { useTitle } from '#client/use-title.ts';

/**
 * /stop: the spec lists the route with "Not shown (purpose)". Müse uses it as a gentle pause
 * page: a nudge to step away from the screen, with a way back.
 */
export function StopScreen() {
  useTitle('Take a break');
  return (
    <main className="page page-centered">
      <LeafIcon size={44} />
      <h1>Take a break</h1>
      <p className="page-intro">
        You have done enough for today. Put the phone down, take a slow breath, and come back
        whenever you are ready — your journal will be here.
      </p>
      <Link className="button" to={paths.categories}>
        Back to müse
      </Link>
    </main>
  );
}
