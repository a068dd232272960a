// A realistic data set written straight into the database (no HTTP): people, their answers
// (some shared, some anonymously), loves, and sessions with known tokens for the benchmark.
// Batched multi-row INSERTs, one transaction per batch group, on SQLite and PostgreSQL alike.
// Counts stay consistent with what the app keeps: answers.likes = its love rows (the author's
// own love included, as sharing adds it), users.score = the sum of their answers' scores.
import { createHash } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import type { Database } from '../src/server/db/database.ts';
import type { AnswersTable, LikesTable, UsersTable } from '../src/server/db/schema.ts';

export type ScaleOptions = {
  people: number;
  answers: number;
  /** How many of the answers are shared to the world. */
  shared: number;
  /** Love rows in total (about; each shared answer gets its author's plus random others). */
  loves: number;
  /** Extra answers for one named person ("ten years of daily writing"). */
  heavyAnswers?: number;
  /** Prefix for every generated id, so a second run does not collide with the first. */
  prefix?: string;
  /** PostgreSQL: VACUUM ANALYZE after loading. */
  postgres?: boolean;
  log?: (line: string) => void;
};

export type ScaleResult = {
  /** Ids of the generated people (all named). */
  people: string[];
  heavyUserId: string | null;
  sharedIds: string[];
  /** The author of each of sharedIds, in the same order. */
  sharedAuthors: string[];
};

const DAY_MS = 24 * 60 * 60 * 1000;
const WORDS = (
  'today I noticed the light on the kitchen table and felt grateful for small things like ' +
  'coffee friends a long walk the rain music a kind word from a stranger work that matters ' +
  'learning to rest listening more and worrying less about what comes next'
).split(' ');
const CATEGORIES = ['Gratitude', 'Growth', 'Life', 'Quotes', 'Self', 'Today', 'Work'];

/** A small deterministic PRNG (mulberry32): the same options give the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function insertBatches<T>(
  db: Database,
  table: 'users' | 'answers' | 'likes' | 'sessions',
  rows: Iterable<T>,
  rowsPerInsert: number,
  rowsPerTransaction: number,
): Promise<number> {
  let pending: T[] = [];
  let inserted = 0;
  const flush = async (batch: T[]) => {
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < batch.length; start += rowsPerInsert) {
        const chunk = batch.slice(start, start + rowsPerInsert);
        // One generic writer for four row types: the generators above are typed per table.
        await trx
          .insertInto(table)
          .values(chunk as never)
          .execute();
      }
    });
    inserted += batch.length;
  };
  for (const row of rows) {
    pending.push(row);
    if (pending.length >= rowsPerTransaction) {
      await flush(pending);
      pending = [];
    }
  }
  if (pending.length > 0) await flush(pending);
  return inserted;
}

export async function seedScale(db: Database, options: ScaleOptions): Promise<ScaleResult> {
  const log = options.log ?? (() => {});
  const prefix = options.prefix ?? 'x';
  const rand = random(options.answers * 31 + options.people);
  const now = Date.now();
  const started = new Date(now - 3650 * DAY_MS).toISOString().slice(0, 10);
  const people = Array.from({ length: options.people }, (_, n) => `${prefix}u${n.toString(36)}`);
  const heavyUserId = options.heavyAnswers ? `${prefix}heavy` : null;

  function* users(): Generator<Insertable<UsersTable>> {
    const all = heavyUserId ? [...people, heavyUserId] : people;
    for (const id of all) {
      yield {
        id,
        name: `Person ${id}`,
        name_key: `person ${id}`,
        email: `${id}@example.com`,
        email_key: `${id}@example.com`,
        password_hash: null,
        profile_picture: null,
        started,
        streak: 0,
        longest_streak: 0,
        score: 0,
        last: started,
        categories: '[]',
        passcode_hash: null,
        old_id: null,
        created_at: new Date(now - 3650 * DAY_MS).toISOString(),
      };
    }
  }
  let t0 = Date.now();
  await insertBatches(db, 'users', users(), 500, 20_000);
  log(`users: ${people.length + (heavyUserId ? 1 : 0)} in ${Date.now() - t0} ms`);

  // Which answers are shared: an even spread over the whole set.
  const sharedEvery = options.shared > 0 ? options.answers / options.shared : Infinity;
  const sharedIds: string[] = [];
  const sharedAuthors: string[] = [];
  const lovesPerShared = options.shared > 0 ? options.loves / options.shared : 0;
  const likeCounts: number[] = [];

  function text(): string {
    const length = 20 + Math.floor(rand() * 80);
    const words: string[] = [];
    for (let n = 0; n < length; n += 1) words.push(WORDS[Math.floor(rand() * WORDS.length)] ?? '');
    const sentence = words.join(' ');
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  }

  function* answers(): Generator<Insertable<AnswersTable>> {
    let nextShared = 0;
    for (let n = 0; n < options.answers; n += 1) {
      const id = `${prefix}a${n.toString(36)}`;
      const userId = people[Math.floor(rand() * people.length)] ?? '';
      const answered = new Date(now - Math.floor(rand() * 3650 * DAY_MS)).toISOString();
      const body = text();
      const shared = n >= nextShared && sharedIds.length < options.shared;
      let likes = 0;
      let sharedOn: string | null = null;
      if (shared) {
        nextShared += sharedEvery;
        sharedIds.push(id);
        sharedAuthors.push(userId);
        // 1 (the author's own love) + others; mean lovesPerShared.
        likes = Math.max(1, Math.round(1 + rand() * 2 * (lovesPerShared - 1)));
        likes = Math.min(likes, people.length);
        likeCounts.push(likes);
        sharedOn = new Date(Date.parse(answered) + Math.floor(rand() * DAY_MS)).toISOString();
      }
      yield {
        id,
        user_id: userId,
        prompt_id: null,
        prompt_title: 'What made you smile today?',
        answered,
        modified: answered,
        text: body,
        type: 'paragraph',
        categories: JSON.stringify([CATEGORIES[n % CATEGORIES.length]]),
        shared: shared ? 1 : 0,
        shared_on: sharedOn,
        anonymous: shared && rand() < 0.3 ? 1 : 0,
        // The world's copy of a shared answer (decision 015) is what the feed shows.
        shared_text: shared ? body : null,
        shared_modified: sharedOn,
        likes,
        score: Math.round(body.split(' ').length / 3),
        profile_picture: null,
        revision: 1,
      };
    }
    if (heavyUserId && options.heavyAnswers) {
      for (let n = 0; n < options.heavyAnswers; n += 1) {
        const answered = new Date(now - (options.heavyAnswers - n) * DAY_MS).toISOString();
        const body = text();
        yield {
          id: `${prefix}h${n.toString(36)}`,
          user_id: heavyUserId,
          prompt_id: null,
          prompt_title: 'Journal',
          answered,
          modified: answered,
          text: body,
          type: 'paragraph',
          categories: '[]',
          shared: 0,
          shared_on: null,
          anonymous: 0,
          likes: 0,
          score: Math.round(body.split(' ').length / 3),
          profile_picture: null,
          revision: 1,
        };
      }
    }
  }
  t0 = Date.now();
  const answerCount = await insertBatches(db, 'answers', answers(), 250, 10_000);
  log(`answers: ${answerCount} (${sharedIds.length} shared) in ${Date.now() - t0} ms`);

  function* loves(): Generator<Insertable<LikesTable>> {
    const created = new Date(now).toISOString();
    for (const [index, answerId] of sharedIds.entries()) {
      const author = sharedAuthors[index] ?? '';
      const count = likeCounts[index] ?? 1;
      const lovers = new Set<string>([author]);
      while (lovers.size < count) lovers.add(people[Math.floor(rand() * people.length)] ?? '');
      for (const userId of lovers) yield { answer_id: answerId, user_id: userId, created };
    }
  }
  t0 = Date.now();
  const loveCount = await insertBatches(db, 'likes', loves(), 500, 20_000);
  log(`loves: ${loveCount} in ${Date.now() - t0} ms`);

  t0 = Date.now();
  await db
    .updateTable('users')
    .set({
      score: sql<number>`(select coalesce(sum(answers.score), 0) from answers where answers.user_id = users.id)`,
    })
    .where('id', 'like', `${prefix}%`)
    .execute();
  log(`user scores in ${Date.now() - t0} ms`);
  if (options.postgres) {
    // What autovacuum does within a minute of a bulk load: planner statistics and a visibility
    // map (index-only scans); without it the first minute measures a cold, unplanned table.
    t0 = Date.now();
    await sql`vacuum analyze`.execute(db);
    log(`vacuum analyze in ${Date.now() - t0} ms`);
  }
  return { people, heavyUserId, sharedIds, sharedAuthors };
}

/** Sessions with known tokens (the cookie value is the token; the table keeps its hash). */
export async function insertSessions(
  db: Database,
  sessions: { token: string; userId: string }[],
): Promise<void> {
  const created = new Date();
  const expires = new Date(created.getTime() + 30 * DAY_MS);
  await insertBatches(
    db,
    'sessions',
    sessions.map(({ token, userId }) => ({
      token_hash: sessionTokenHash(token),
      user_id: userId,
      created_at: created.toISOString(),
      expires_at: expires.toISOString(),
    })),
    500,
    10_000,
  );
}
