import { Link } from 'react-router';
import { useTitle } from '#client/use-title.ts';

export function NotFoundScreen() {
  useTitle('Not found');
  return (
    <main className="page page-centered">
      <h1>You've found the secret to happiness!</h1>
      <Link className="button" to="/">
        Back to müse
      </Link>
    </main>
  );
}
