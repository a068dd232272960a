import { randomInt } from 'node:crypto';
import type { AppDeps } from '#server/deps.ts';
import { notFound } from '#server/plugins/errors.ts';
import { addDays, type CalendarDay, dayKey, utcDayOf } from '#shared/domain/calendar-day.ts';
import type { DayPrompts } from '#shared/today-frame.ts';
import {
  approvedPromptIdAt,
  countApprovedPrompts,
  findDailyPrompt,
  findPrompt,
  insertDailyPromptIfAbsent,
  replaceDailyPrompt,
} from './prompts.repo.ts';

type Deps = Pick<AppDeps, 'db'>;

// Today's prompt (SPEC §4: picked at random once per calendar day) is the server's choice alone:
// no caller proposes it (issue 13: a client's proposal once fixed tomorrow's prompt for
// everyone). The database decides which pick stands: the first insert for a day wins (ON
// CONFLICT DO NOTHING) and everyone reads back that row, so concurrent first visitors on several app instances all see the same prompt.
//
// A stored prompt that was later deleted, rejected or sent back for review is stale. Its row is
// kept but repaired: the next caller swaps in a fresh approved prompt with a compare-and-swap
// update (only if the row still holds the stale id), so the repair happens once and every
// visitor again agrees on the day's prompt. Deleting a prompt therefore never has to touch
// daily_prompts, and no day ever answers with an id the client cannot find.

const MAX_ATTEMPTS = 3;

async function randomApprovedPromptId(deps: Deps): Promise<string> {
  const count = await countApprovedPrompts(deps.db);
  if (count === 0) throw notFound('There are no approved prompts yet');
  // Another caller may delete prompts between the count and the pick: fall back to the first.
  const picked = await approvedPromptIdAt(deps.db, randomInt(count));
  const id = picked ?? (await approvedPromptIdAt(deps.db, 0));
  if (id === undefined) throw notFound('There are no approved prompts yet');
  return id;
}

/** Stores `candidate()` for the day unless a valid prompt stands already; returns what stands. */
async function settleDailyPrompt(
  deps: Deps,
  day: CalendarDay,
  candidate: () => Promise<string>,
): Promise<string> {
  const key = dayKey(day);
  let standing = await findDailyPrompt(deps.db, key);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (standing?.valid) return standing.prompt_id;
    const next = { prompt_id: await candidate(), set_at: new Date().toISOString() };
    if (standing) await replaceDailyPrompt(deps.db, key, standing.prompt_id, next);
    else await insertDailyPromptIfAbsent(deps.db, { day: key, ...next });
    standing = await findDailyPrompt(deps.db, key);
  }
  // Only reachable if prompts keep vanishing under us; what stands is still the shared answer.
  if (!standing) throw notFound('There is no prompt for that day');
  return standing.prompt_id;
}

/** The prompt that stands for the day, picking and storing one at random if none does yet. */
export function todaysPromptId(deps: Deps, day: CalendarDay): Promise<string> {
  return settleDailyPrompt(deps, day, () => randomApprovedPromptId(deps));
}

/**
 * The prompts standing for the server's day and the days either side: every caller's today is
 * one of them (assertCallerDay allows no other), for /answer/today's page to show before the app
 * has asked (shared/today-frame.ts). A day without one (no approved prompts) is left out.
 */
export async function daysPrompts(deps: Deps, now: Date): Promise<DayPrompts> {
  const today = utcDayOf(now);
  const days = [addDays(today, -1), today, addDays(today, 1)];
  const found = await Promise.all(
    days.map(async (day) => {
      const id = await todaysPromptId(deps, day).catch(() => null);
      const prompt = id ? await findPrompt(deps.db, id) : undefined;
      return prompt ? ([dayKey(day), { id: prompt.id, title: prompt.title }] as const) : null;
    }),
  );
  return Object.fromEntries(found.filter((entry) => entry !== null));
}

/** How long a page may show a day's prompt as read: an admin's rename shows within it. */
export const DAYS_PROMPTS_TTL_MS = 60_000;

/**
 * daysPrompts read at most once a minute per instance (every /answer/today page asks): the
 * pick for a day never changes once made, and the app shows the prompt as it is now anyway.
 */
export function cachedDaysPrompts(deps: Deps): (now?: Date) => Promise<DayPrompts> {
  let cached: { key: string; until: number; prompts: Promise<DayPrompts> } | null = null;
  return (now = new Date()) => {
    const key = dayKey(utcDayOf(now));
    if (cached && cached.key === key && now.getTime() < cached.until) return cached.prompts;
    const prompts = daysPrompts(deps, now);
    const entry = { key, until: now.getTime() + DAYS_PROMPTS_TTL_MS, prompts };
    cached = entry;
    // A failed read is not kept: the next page asks again.
    prompts.catch(() => {
      if (cached === entry) cached = null;
    });
    return prompts;
  };
}
