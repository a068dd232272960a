import * as z from 'zod/mini';
import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { OwnUser } from '#shared/api/users.ts';
import type { FeedAnswer } from '#shared/api/world.ts';
import type { PersistedState } from './app-state.ts';

// What a saved `reflect-state` may hold, read forgivingly: a field of the wrong type falls back
// to its default and a broken item is dropped from its list, so one bad value never costs the
// rest of someone's journal. Items without an id are dropped: nothing could refer to them.

const id = z.string().check(z.minLength(1), z.maxLength(200));
const text = z.catch(z.string(), '');
const count = z.catch(z.number(), 0);
const flag = z.catch(z.boolean(), false);
const texts = z.catch(z.array(z.string()), []);
const maybeText = z.catch(z.nullable(z.string()), null);

/** A list that keeps the items `item` accepts and drops the others. */
function listOf<T>(item: z.ZodMiniType<T>) {
  return z.catch(
    z.pipe(
      z.array(z.unknown()),
      z.transform((items): T[] =>
        items.flatMap((value) => {
          const result = item.safeParse(value);
          return result.success ? [result.data] : [];
        }),
      ),
    ),
    [],
  );
}

const answerFields = {
  _id: id,
  prompt_id: maybeText,
  prompt_title: text,
  answered: z.string(),
  modified: text,
  text,
  type: z.catch(z.string(), 'paragraph'),
  categories: texts,
  sharedOn: maybeText,
  anonymous: flag,
  likes: count,
  likers: texts,
  reported: flag,
  score: count,
  profilePicture: maybeText,
  user_name: text,
};

export const answerSchema: z.ZodMiniType<Answer> = z.object({
  ...answerFields,
  user_id: text,
  shared: flag,
  /** Decision 013: the server revision the text was written from (absent: unknown). */
  revision: z.catch(z.optional(z.number()), undefined),
  sharedText: z.optional(maybeText),
});

const feedAnswerSchema: z.ZodMiniType<FeedAnswer> = z.object({
  ...answerFields,
  user_id: maybeText,
  shared: z.literal(true),
});

const promptSchema: z.ZodMiniType<PromptView> = z.object({
  _id: id,
  user_id: maybeText,
  user_name: text,
  created: text,
  title: z.string(),
  type: z.catch(z.string(), 'paragraph'),
  categories: texts,
  status: z.catch(z.enum(['submitted', 'approved', 'rejected']), 'submitted'),
});

/** Only how to check the passcode; an older clear code (a string) is dropped (decision 014). */
const passcodeLockSchema = z.catch(
  z.nullable(
    z.object({
      algorithm: z.literal('PBKDF2-SHA256'),
      iterations: z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
      salt: z.string().check(z.maxLength(200)),
      hash: z.string().check(z.maxLength(200)),
    }),
  ),
  null,
);

const userSchema: z.ZodMiniType<OwnUser> = z.object({
  _id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  name: text,
  email: text,
  profilePicture: text,
  created: texts,
  answered: texts,
  started: text,
  streak: count,
  longestStreak: count,
  score: count,
  last: maybeText,
  categories: texts,
  code: passcodeLockSchema,
  old_id: text,
});

/**
 * The persisted state, every field optional: a missing or broken field takes its default from
 * the caller (`restoreState`), except `user`, which is all-or-nothing — a user without a valid
 * id is no user, and start-up makes a new anonymous one.
 */
export const persistedStateSchema = z.object({
  user: z.catch(z.optional(userSchema), undefined),
  answers: z.optional(listOf(answerSchema)),
  answer: z.catch(z.optional(z.nullable(answerSchema)), undefined),
  category: z.catch(z.optional(z.string()), undefined),
  categories: z.catch(z.optional(z.array(z.string())), undefined),
  prompts: z.optional(listOf(promptSchema)),
  myPrompts: z.optional(listOf(promptSchema)),
  todayPrompt: z.catch(
    z.optional(z.object({ id: z.nullable(z.string()), date: z.nullable(z.string()) })),
    undefined,
  ),
  seen: z.catch(
    z.optional(z.nullable(z.object({ date: z.string(), ids: z.array(z.string()) }))),
    undefined,
  ),
  offline: z.catch(
    z.optional(
      z.object({
        beenOffline: flag,
        answered: listOf(answerSchema),
        created: listOf(promptSchema),
        streak: z.catch(z.nullable(z.number()), null),
        longestStreak: z.catch(z.nullable(z.number()), null),
        score: z.catch(z.nullable(z.number()), null),
        last: maybeText,
        deleted: texts,
      }),
    ),
    undefined,
  ),
  world: z.catch(
    z.optional(z.object({ loading: flag, page: count, sharedAnswers: listOf(feedAnswerSchema) })),
    undefined,
  ),
  worldAnswerId: z.catch(z.optional(z.nullable(z.string())), undefined),
  admin: z.optional(listOf(z.object({ name: z.string() }))),
  search: z.catch(z.optional(z.string()), undefined),
}) satisfies z.ZodMiniType<Partial<Record<keyof PersistedState, unknown>>>;
