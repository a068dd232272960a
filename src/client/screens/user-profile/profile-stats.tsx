import { useId } from 'react';
import { sharedCount } from '#client/state/account/account-rules.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { formatDate } from '#shared/domain/date-format.ts';

/** The person's numbers: shared answers, streak, longest streak, score and 'Müsing since'. */
export function ProfileStats() {
  const user = useAppState((s) => s.user);
  const answers = useAppState((s) => s.answers);
  const statsId = useId();
  const since = formatDate(user.started);
  return (
    <section aria-labelledby={statsId}>
      <h2 id={statsId} className="visually-hidden">
        Your numbers
      </h2>
      <dl className="profile-stats">
        <div className="profile-stat card">
          <dt>Shared answers</dt>
          <dd>{sharedCount(answers)}</dd>
        </div>
        <div className="profile-stat card">
          <dt>Streak</dt>
          <dd>{user.streak}</dd>
        </div>
        <div className="profile-stat card">
          <dt>Longest streak</dt>
          <dd>{user.longestStreak}</dd>
        </div>
        <div className="profile-stat card">
          <dt>Score</dt>
          <dd>{user.score}</dd>
        </div>
      </dl>
      {since ? <p className="profile-since">Müsing since {since}</p> : null}
    </section>
  );
}
