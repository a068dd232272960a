import { Link } from 'react-router';
import { paths } from '../routes.ts';

/**
 * What an answer's own address shows before its answer is there: "Loading…" while the answers
 * load, or, once they have, that it is not one of the person's (deleted, or someone else's).
 */
export function MissingAnswer({ notFound }: { notFound: boolean }) {
  if (!notFound) return <h1 className="loading">Loading…</h1>;
  return (
    <div className="page-centered">
      <h1>We could not find this answer</h1>
      <p className="page-intro">
        It may have been deleted, or the link is not one of your answers.
      </p>
      <Link className="button" to={paths.past}>
        Back to my answers
      </Link>
    </div>
  );
}
