import type { ExpressionBuilder } from 'kysely';
import type { DB } from './schema.ts';

// Who besides its author sees a shared answer (decision 057): a named share at once, an
// anonymous one from the hour after it was shared. Its `shared_on` is stored at the start of its
// hour (decision 053), so it is seen once that is before the start of the current hour: shared
// at 14:37, stored as 14:00, seen from 15:00:00 UTC. A rule on the clock, not a stored state: no
// job has to run, a restart neither holds a share back nor lets it out early. Every query that
// shows or touches a share for anyone but its author asks this; the same rule for a row already
// read is seenByOthers in shared/domain/hour.ts.

type OnAnswers = ExpressionBuilder<DB, 'answers'>;

/** `shared = 1` and, when anonymous, shared before `hour` (the start of the current hour). */
export function sharedForOthers(eb: OnAnswers, hour: string) {
  return eb.and([
    eb('answers.shared', '=', 1),
    eb.or([eb('answers.anonymous', '=', 0), eb('answers.shared_on', '<', hour)]),
  ]);
}
