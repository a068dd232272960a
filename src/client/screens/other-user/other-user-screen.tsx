import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { Avatar } from '#client/components/avatar.tsx';
import { FeedList } from '#client/components/feed-list.tsx';
import { paths } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { loadOtherUser, type ProfileLoad } from '#client/state/world/world-actions.ts';
import { useTitle } from '#client/use-title.ts';
import type { PublicProfile } from '#shared/api/world.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import './other-user-screen.css';

type Load = ProfileLoad | 'loading';

/** SPEC §2 /user/{userId}: another user's public profile and their named shared answers. */
export function OtherUserScreen() {
  const userId = useParams().userId ?? '';
  const stored = useAppState((s) => s.otherUser);
  const [load, setLoad] = useState<Load>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Try again button
  useEffect(() => {
    const controller = new AbortController();
    setLoad('loading');
    void loadOtherUser(userId, controller.signal).then((result) => {
      if (!controller.signal.aborted) setLoad(result);
    });
    return () => controller.abort();
  }, [userId, attempt]);

  // A profile seen before shows at once while it reloads.
  const profile = stored?._id === userId && load !== 'not-found' ? stored : null;
  const title = profile ? profile.name : load === 'not-found' ? 'Not found' : 'Profile';
  useTitle(title);

  return (
    <>
      {/* Issue 35: the bar says whose profile this is, not "Müse" (the h1 below names them too). */}
      <AppHeader
        title={title}
        titleIsHeading={false}
        start={<BackLink to={paths.world} label="Back to the world" />}
      />
      <main className="page">
        {profile ? (
          <Profile profile={profile} />
        ) : load === 'not-found' ? (
          <div className="page-centered other-user-missing">
            <h1>We could not find this person</h1>
            <p className="page-intro">
              They may have changed their mind about sharing, or the link is not quite right.
            </p>
            <Link className="button" to={paths.world}>
              Back to the world
            </Link>
          </div>
        ) : load === 'failed' ? (
          <div className="page-centered other-user-missing">
            <h1>This profile cannot be shown just now</h1>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        ) : (
          <h1 className="loading">Loading...</h1>
        )}
      </main>
    </>
  );
}

function Profile({ profile }: { profile: PublicProfile }) {
  const since = formatDate(profile.started);
  const stats: [string, number][] = [
    ['Streak', profile.streak],
    ['Longest streak', profile.longestStreak],
    ['Score', profile.score],
    ['Shared', profile.sharedCount],
  ];
  return (
    <>
      <section className="other-user-head" aria-labelledby="other-user-name">
        <Avatar name={profile.name} picture={profile.profilePicture ?? ''} size={84} />
        <div>
          <h1 id="other-user-name" className="other-user-name" tabIndex={-1}>
            {profile.name}
          </h1>
          {since ? <p className="other-user-since">Müsing since {since}</p> : null}
        </div>
      </section>
      <dl className="other-user-stats">
        {stats.map(([label, value]) => (
          <div key={label} className="other-user-stat card">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {/* Issue 34 point 3: counted to the end of yesterday, so they never say when today's
          writing happened. */}
      <p className="other-user-as-of">Streaks and score as of yesterday.</p>
      <section aria-labelledby="other-user-shared">
        <h2 id="other-user-shared" className="other-user-section">
          Shared answers
        </h2>
        {profile.sharedAnswers.length > 0 ? (
          <FeedList
            answers={profile.sharedAnswers}
            showAuthor={false}
            titleLevel={3}
            label={`Shared answers by ${profile.name}`}
          />
        ) : (
          <p className="other-user-none">Nothing shared under this name yet.</p>
        )}
      </section>
    </>
  );
}
