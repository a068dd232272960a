import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { OwnUser } from '#shared/api/users.ts';
import type { FeedAnswer } from '#shared/api/world.ts';
import type { PersistedState } from './app-state.ts';
import {
  arrayOf,
  boolean,
  listOf,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  orElse,
  type Reader,
  string,
} from './saved-reader.ts';

// What a saved `reflect-state` may hold, read forgivingly: a field of the wrong type falls back
// to its default and a broken item is dropped from its list, so one bad value never costs the
// rest of someone's journal. Items without an id are dropped: nothing could refer to them.

const id = string((value) => value.length >= 1 && value.length <= 200);
const text = orElse(string(), '');
const count = orElse(number(), 0);
const flag = orElse(boolean(), false);
const texts = orElse(arrayOf(string()), []);
const maybeText = orElse(nullable(string()), null);
const paragraph = orElse(string(), 'paragraph');

const answerFields = {
  _id: id,
  prompt_id: maybeText,
  prompt_title: text,
  answered: string(),
  modified: text,
  text,
  type: paragraph,
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

export const answerSchema: Reader<Answer> = object({
  ...answerFields,
  user_id: text,
  shared: flag,
  /** Decision 013: the server revision the text was written from (absent: unknown). */
  revision: orElse(optional(number()), undefined),
  sharedText: optional(maybeText),
  /** The entry's tags (issue 35): kept, so that tags written offline survive a reload. */
  tags: orElse(optional(arrayOf(string())), undefined),
});

const feedAnswerSchema: Reader<FeedAnswer> = object({
  ...answerFields,
  // Null on an anonymous answer (issue 34 point 3).
  score: orElse(nullable(number()), null),
  user_id: maybeText,
  shared: literal(true),
  /** The public copies of photos shared with it (decision 062): a reload keeps them on the card. */
  photos: orElse(
    optional(arrayOf(object({ url: string(), width: number(), height: number() }))),
    undefined,
  ),
});

const promptSchema: Reader<PromptView> = object({
  _id: id,
  user_id: maybeText,
  user_name: text,
  created: text,
  title: string(),
  type: paragraph,
  categories: texts,
  status: orElse(oneOf(['submitted', 'approved', 'rejected']), 'submitted'),
});

/** Only how to check the passcode; an older clear code (a string) is dropped (decision 014). */
const passcodeLockSchema = orElse(
  nullable(
    object({
      algorithm: literal('PBKDF2-SHA256'),
      iterations: number((value) => Number.isInteger(value) && value >= 1 && value <= 10_000_000),
      salt: string((value) => value.length <= 200),
      hash: string((value) => value.length <= 200),
    }),
  ),
  null,
);

const userSchema: Reader<OwnUser> = object({
  _id: string((value) => /^[A-Za-z0-9_-]{1,64}$/.test(value)),
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
  // Saved before encryption existed: off until the server says otherwise.
  encryption: flag,
});

/** A field of the saved state: what it cannot read is left to the caller's default. */
const field = <T>(reader: Reader<T>) => orElse(optional(reader), undefined);

/**
 * The persisted state, every field optional: a missing or broken field takes its default from
 * the caller (`restoreState`), except `user`, which is all-or-nothing — a user without a valid
 * id is no user, and start-up makes a new anonymous one.
 */
export const persistedStateSchema = object({
  user: field(userSchema),
  answers: optional(listOf(answerSchema)),
  answer: field(nullable(answerSchema)),
  category: field(string()),
  categories: field(arrayOf(string())),
  prompts: optional(listOf(promptSchema)),
  myPrompts: optional(listOf(promptSchema)),
  todayPrompt: field(object({ id: nullable(string()), date: nullable(string()) })),
  seen: field(nullable(object({ date: string(), ids: arrayOf(string()) }))),
  offline: field(
    object({
      beenOffline: flag,
      answered: listOf(answerSchema),
      created: listOf(promptSchema),
      streak: orElse(nullable(number()), null),
      longestStreak: orElse(nullable(number()), null),
      score: orElse(nullable(number()), null),
      last: maybeText,
      deleted: texts,
    }),
  ),
  world: field(object({ loading: flag, page: count, sharedAnswers: listOf(feedAnswerSchema) })),
  worldAnswerId: field(nullable(string())),
  admin: optional(listOf(object({ name: string() }))),
  search: field(string()),
}) satisfies Reader<Partial<Record<keyof PersistedState, unknown>>>;
