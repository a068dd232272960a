import { z } from 'zod';
import { isSealedEntry, MAX_SEALED_ENTRY } from '../domain/sealed-entry.ts';
import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags } from '../domain/tags.ts';
import {
  categoriesSchema,
  errorResponse,
  idSchema,
  MAX_ANSWER_TEXT,
  MAX_PROMPT_TITLE,
} from './common.ts';

/**
 * How the API description marks what a device may have encrypted (docs/ENCRYPTION.md): a
 * description, and `x-encrypted` naming the format, for a generated client to tell them apart.
 */
export const ENCRYPTED_TEXT = {
  description:
    'The words; when `encrypted` is true, an encrypted entry (`e1.<iv>.<ciphertext>`, docs/ENCRYPTION.md) holding the words and tags, which only the author’s devices open.',
  'x-encrypted': 'e1 when encrypted is true',
};

// Request schemas and response types for the caller's own answers (SPEC §7).

/**
 * A user id a body claims: only ever compared with the session's user, so any string is
 * accepted here and a wrong one is a 403/404, not a 400.
 */
export const claimedUserIdSchema = z.string().max(200).nullish();

/**
 * A client timestamp: kept when it is a valid ISO-8601 date-time, otherwise the server uses
 * now. Anything unusable becomes `undefined` rather than a 400, because old clients and the
 * offline queue send whatever they had.
 */
export const clientTimestampSchema = z.string().max(64).nullish().catch(undefined);

/** PostgreSQL text cannot hold NUL, and SQLite would: refuse it so both behave alike (400). */
const withoutNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'may not contain NUL characters';

/**
 * An entry's tags (issue 35 point 3): at most 20, each at most 40 characters once cleaned;
 * kept once each regardless of case (domain/tags.ts).
 */
export const tagsSchema = z
  .array(z.string().max(200).refine(withoutNul, NUL_MESSAGE))
  .max(MAX_TAGS * 2, `at most ${MAX_TAGS} tags`)
  .transform(normaliseTags)
  .refine((tags) => tags.length <= MAX_TAGS, `at most ${MAX_TAGS} tags`)
  .refine(
    (tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH),
    `each tag at most ${MAX_TAG_LENGTH} characters`,
  );

const tooLong = `is longer than ${MAX_ANSWER_TEXT.toLocaleString('en')} characters`;

/** Words as a person wrote them, not encrypted: an answer's, or the world's copy of one. */
export const plainTextSchema = z
  .string()
  .max(MAX_ANSWER_TEXT, tooLong)
  .refine(withoutNul, NUL_MESSAGE);

export const answerInputSchema = z
  .object({
    _id: idSchema,
    /** Journal answers have no prompt; '' means none too. */
    prompt_id: z
      .union([idSchema, z.literal('')])
      .nullish()
      .transform((id) => (id ? id : null)),
    prompt_title: z.string().max(MAX_PROMPT_TITLE, 'is too long').refine(withoutNul, NUL_MESSAGE),
    /** The words; for an encrypted entry, `e1.<iv>.<ciphertext>` (docs/ENCRYPTION.md). */
    text: z
      .string()
      .max(MAX_SEALED_ENTRY, tooLong)
      .refine(withoutNul, NUL_MESSAGE)
      .meta({
        ...ENCRYPTED_TEXT,
        description: `${ENCRYPTED_TEXT.description} At most ${MAX_ANSWER_TEXT} characters of words; an encrypted entry's more.`,
      }),
    type: z.string().trim().min(1).max(40).refine(withoutNul, NUL_MESSAGE).optional(),
    categories: categoriesSchema.refine((names) => names.every(withoutNul), NUL_MESSAGE).optional(),
    /** Absent: the stored tags stay (an old client, the offline queue). */
    tags: tagsSchema.optional(),
    answered: clientTimestampSchema,
    modified: clientTimestampSchema,
    user_id: claimedUserIdSchema,
    /**
     * The revision this text was written from (decision 013): the `revision` the client last got
     * from the server, 0 for an answer it believes is new. A save from an older revision that
     * would change the text is refused with 409 and the current answer. Absent: an old client or
     * a script, saved as before (last write wins).
     */
    base_revision: z.number().int().min(0).max(2_147_483_647).nullish(),
    /**
     * Encrypted on the writer's device (docs/ENCRYPTION.md): `text` is the sealed words and tags,
     * `tags` absent, and `score` the word score the device counted. Absent: plain text.
     */
    encrypted: z.boolean().optional(),
    /** An encrypted entry's word score; the server counts a plain one's itself. */
    score: z.number().int().min(0).max(MAX_ANSWER_TEXT).optional(),
    /**
     * Words sent as words on purpose to an account whose entries are encrypted: a device turning
     * encryption off. Without it such a save is refused with 409 (docs/ENCRYPTION.md).
     */
    plain: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.encrypted) {
      if (!isSealedEntry(input.text)) {
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'is not an encrypted entry' });
      }
      if (input.tags && input.tags.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['tags'],
          message: 'an encrypted entry keeps its tags inside it',
        });
      }
    } else if (input.text.length > MAX_ANSWER_TEXT) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: tooLong });
    }
  });
z.globalRegistry.add(answerInputSchema, { id: 'AnswerInput' });

export const saveAnswerRequest = z.object({ answer: answerInputSchema });
export const deleteAnswerRequest = z.object({ answer_id: idSchema });
export const getAnswerRequest = z.object({ answer_id: idSchema });
export const userAnswersRequest = z.object({ _id: claimedUserIdSchema });

export type AnswerInput = z.output<typeof answerInputSchema>;

/** One of the caller's own answers, as the server sends it to its author. */
export const answerSchema = z.object({
  _id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  prompt_id: z.string().nullable(),
  prompt_title: z.string(),
  answered: z.string(),
  modified: z.string(),
  text: z.string().meta(ENCRYPTED_TEXT),
  type: z.string(),
  categories: z.array(z.string()),
  /** The entry's tags: private, only ever sent to its author (absent in old saved states). */
  tags: z.array(z.string()).optional(),
  shared: z.boolean(),
  sharedOn: z.string().nullable(),
  anonymous: z.boolean(),
  likes: z.number(),
  /** Only ever the caller's own id (when they love it): other people's ids are never sent. */
  likers: z.array(z.string()),
  reported: z.boolean(),
  score: z.number(),
  profilePicture: z.string().nullable(),
  /**
   * The server's revision of the text (decision 013). Locally: the revision the text was
   * written from; absent when the server never sent one (a new answer, an old saved state).
   */
  revision: z.number().optional(),
  /**
   * What the world shows of it while shared (decision 015): the text as shared or last updated,
   * which a private edit does not change. Null while private; absent in old saved states.
   */
  sharedText: z.string().nullable().optional(),
  /** `text` is encrypted on the author's devices (docs/ENCRYPTION.md); absent in old states. */
  encrypted: z
    .boolean()
    .optional()
    .meta({ description: 'True when `text` is an encrypted entry (docs/ENCRYPTION.md).' }),
});
z.globalRegistry.add(answerSchema, { id: 'Answer' });
export type Answer = z.infer<typeof answerSchema>;

export const answerResponse = z.object({ answer: answerSchema });
/** 409 from /api/answer/save: the save was based on an older revision; `answer` is current. */
export const answerConflictResponse = z.object({ error: z.string(), answer: answerSchema });
/** A save's 409: from an older revision (with the current answer), or words refused (encrypted). */
export const saveRefusedResponse = z.union([answerConflictResponse, errorResponse]);
z.globalRegistry.add(answerConflictResponse, { id: 'AnswerConflict' });
export const answersResponse = z.object({ answers: z.array(answerSchema) });
export type AnswerConflictResponse = z.infer<typeof answerConflictResponse>;
