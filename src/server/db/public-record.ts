import type { ExpressionBuilder } from 'kysely';
import type { DB } from './schema.ts';

// A person's score, streak and longest streak as anyone but themselves sees them: as they stood
// at the end of yesterday, UTC (migration 015, issue 34 point 3). Shared by the public profile
// and the admin lists, so the two can never disagree about what is public.

type OnUsers = ExpressionBuilder<DB, 'users'>;

function asOfYesterday(
  eb: OnUsers,
  today: string,
  live: 'score' | 'streak' | 'longest_streak',
  kept: 'public_score' | 'public_streak' | 'public_longest_streak',
) {
  // Kept today: the values from before today's first change. Not kept today: nothing changed
  // since before today, so the live values are yesterday's.
  return eb
    .case()
    .when('users.public_day', '=', today)
    .then(eb.ref(`users.${kept}`))
    .else(eb.ref(`users.${live}`))
    .end();
}

/** `score`, `streak` and `longest_streak` as of the end of the UTC day before `today`. */
export function publicRecordColumns(eb: OnUsers, today: string) {
  return [
    asOfYesterday(eb, today, 'score', 'public_score').as('score'),
    asOfYesterday(eb, today, 'streak', 'public_streak').as('streak'),
    asOfYesterday(eb, today, 'longest_streak', 'public_longest_streak').as('longest_streak'),
  ] as const;
}
