import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeedAnswer, PublicProfile } from '#shared/api/world.ts';
import { isOnTheHour, startOfHour } from '#shared/domain/hour.ts';
import { wordScore } from '#shared/domain/score.ts';
import { anHourAgo, atTheNextHour } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser, todayFields } from '#tests/support/factories.ts';
import { buildTestApp, testDeps } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs, sharedAnswerOf } from './features/answers/answer-fixtures.ts';
import { liveAnswer } from './features/world/world.service.ts';

// Issue 34 point 3: an anonymous share must not be paired with its author by laying what moves
// when they write beside what the anonymous card shows. A watcher (any account) and an admin
// compare; each comparison below is the attacker's, and each must come out empty.

const WORDS_37 = Array.from({ length: 37 }, (_, i) => `word${i}`).join(' ');

describeEachDatabase('an anonymous share cannot be paired with its author', (get) => {
  let app: FastifyInstance;
  let watcher: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await buildTestApp(get().db);
    watcher = await buildUser(get().db);
    admin = await buildUser(get().db, { admin: true });
  });
  afterAll(async () => {
    await app.close();
  });

  const ok = async (url: string, body: unknown, who?: TestUser) => {
    const response = await post(app, url, body, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const profileOf = async (user: TestUser): Promise<PublicProfile> =>
    (await ok('/api/user/other', { _id: user.id }, watcher)).user;
  const record = (p: { score: number; streak: number; longestStreak: number }) => ({
    score: p.score,
    streak: p.streak,
    longestStreak: p.longestStreak,
  });
  const feed = async (): Promise<FeedAnswer[]> =>
    (await ok('/api/answer/shared', { page: 1 }, watcher)).sharedAnswers;
  /** The day turns (UTC): what was kept for today now belongs to an earlier day. */
  const nextDay = (user: TestUser) =>
    get()
      .db.updateTable('users')
      .set({ public_day: '2000-01-01' })
      .where('id', '=', user.id)
      .execute();

  it('the public score and streaks do not move when the author writes, only the next day', async () => {
    const author = await buildUser(get().db);
    const before = record(await profileOf(author));

    // A private answer of 37 words (score 12), a streak day, and an anonymous share.
    await saveAnswerAs(app, author, { text: WORDS_37 });
    await ok('/api/user/streak', todayFields(), author);
    const anonymous = await sharedAnswerOf(app, author, { anonymous: true, text: 'a b c d e f' });

    // The watcher's comparison: nothing on the profile moved with it.
    expect(record(await profileOf(author))).toEqual(before);
    // The author's own record is exact.
    const own = (await ok('/api/user', {}, author)).user;
    expect(own.score).toBe(wordScore(WORDS_37) + 2);
    expect(own.streak).toBe(1);

    // The next day the profile shows the day's writing, all of it at once.
    await nextDay(author);
    expect(record(await profileOf(author))).toEqual({
      score: own.score,
      streak: 1,
      longestStreak: 1,
    });
    // And a write on that next day is again kept out of it until the day after.
    await saveAnswerAs(app, author, { text: WORDS_37 });
    expect((await profileOf(author)).score).toBe(own.score);
    expect((await ok('/api/user', {}, author)).user.score).toBe(own.score + 12);

    // The anonymous card (once it has joined the world, decision 057) carries nothing to
    // subtract from the profile.
    const card = (await atTheNextHour(feed)).find((a) => a._id === anonymous);
    expect(card).toMatchObject({ anonymous: true, score: null, user_id: null });
  });

  it('an anonymous card carries no score and no time finer than the hour, wherever it shows', async () => {
    const author = await buildUser(get().db);
    // Shared an hour ago, so it has joined the world everywhere (decision 057).
    const { id, now } = await anHourAgo(async () => ({
      id: await sharedAnswerOf(app, author, { anonymous: true, text: WORDS_37 }),
      now: new Date().toISOString(),
    }));
    const seen: FeedAnswer[] = [];
    seen.push(...(await feed()).filter((a) => a._id === id));
    const prompt = await ok(
      '/api/answer/shared',
      { page: 1, prompt_id: 'seed-life-01' },
      await (async () => {
        await saveAnswerAs(app, watcher);
        return watcher;
      })(),
    );
    seen.push(...prompt.sharedAnswers.filter((a: FeedAnswer) => a._id === id));
    seen.push((await ok('/api/answer/like', { answer_id: id }, watcher)).answer);
    seen.push((await ok('/api/answer/report', { answer_id: id }, watcher)).answer);
    const reported = (
      await app.inject({
        method: 'GET',
        url: '/api/answer/reported',
        headers: { cookie: admin.cookie },
      })
    ).json().reportedAnswers;
    seen.push(reported.find((a: FeedAnswer) => a._id === id));
    // What the live stream sends for it (world-live.ts frames this, as a stranger sees it).
    const live = await liveAnswer(testDeps(get().db), id);
    if (live) seen.push(live);
    expect(seen).toHaveLength(6);
    for (const card of seen) {
      expect(card.score).toBeNull();
      expect(card.sharedOn).toBe(startOfHour(now));
      for (const time of [card.answered, card.modified, card.sharedOn]) {
        expect(isOnTheHour(time), time ?? 'null').toBe(true);
      }
    }
    // Its author still sees their own answer exactly.
    const own = (await ok('/api/answer/get', { answer_id: id }, author)).answer;
    expect(own.score).toBe(wordScore(WORDS_37));
    expect(isOnTheHour(own.answered)).toBe(false);
  });

  it('the feed does not place an anonymous share between the named shares made around it', async () => {
    const author = await buildUser(get().db);
    const other = await buildUser(get().db);
    let page: FeedAnswer[] = [];
    let ids: { before: string; anonymous: string; after: string; stranger: string } | null = null;
    // Two tries: a run across the turn of an hour puts the shares in different hours.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const hour = startOfHour(new Date().toISOString());
      const before = await sharedAnswerOf(app, author);
      const anonymous = await sharedAnswerOf(app, author, { anonymous: true });
      const stranger = await sharedAnswerOf(app, other, { anonymous: true });
      const after = await sharedAnswerOf(app, author);
      if (startOfHour(new Date().toISOString()) !== hour) continue;
      ids = { before, anonymous, after, stranger };
      // Read once the hour has turned and the anonymous shares have joined (decision 057).
      page = await atTheNextHour(feed);
      break;
    }
    if (!ids) throw new Error('no hour held still for the shares');
    const order = page.map((a) => a._id);
    const at = (id: string) => order.indexOf(id);
    // Named shares keep their moment; the anonymous ones sit together at the start of their
    // hour, below every named share of it, in id order, not in the order they were made.
    expect(at(ids.after)).toBeLessThan(at(ids.before));
    expect(at(ids.anonymous)).toBeGreaterThan(at(ids.before));
    expect(at(ids.stranger)).toBeGreaterThan(at(ids.before));
    const sharedOn = page[at(ids.anonymous)]?.sharedOn;
    const hourly = page.flatMap((a, i) => (a.anonymous && a.sharedOn === sharedOn ? [i] : []));
    expect(hourly).toContain(at(ids.stranger));
    expect(hourly).toEqual(hourly.map((_, k) => (hourly[0] ?? 0) + k));
    const hourlyIds = hourly.map((i) => order[i]);
    expect(hourlyIds).toEqual([...hourlyIds].sort().reverse());
  });

  it('the admin lists show nothing that pairs a person with their anonymous answer', async () => {
    const author = await buildUser(get().db);
    // One anonymous answer of 37 words and one private answer: a person's whole writing.
    const anonymous = await sharedAnswerOf(app, author, { anonymous: true, text: WORDS_37 });
    const privately = (await saveAnswerAs(app, author, { text: 'kept to myself' }))._id;

    const users = (await ok('/api/admin/users', { page: 1 }, admin)).users;
    const row = users.find((u: { _id: string }) => u._id === author.id);
    // The public record only: today's 12 + 1 are not there yet.
    expect(row).toMatchObject({ score: 0, streak: 0, longestStreak: 0, shared: 0, answers: 2 });
    expect(record(await profileOf(author))).toEqual({ score: 0, streak: 0, longestStreak: 0 });

    const answers = (await ok('/api/admin/answers', { page: 1 }, admin)).answers;
    const mine = answers.filter((a: { _id: string }) => [anonymous, privately].includes(a._id));
    expect(mine).toHaveLength(2);
    // Neither the anonymous nor the private answer is the author's, so the count of 2 cannot be
    // matched against attributed answers; neither has a score or an exact time.
    expect(answers.filter((a: { user_id: string | null }) => a.user_id === author.id)).toEqual([]);
    for (const answer of mine) {
      expect(answer).toMatchObject({ user_id: null, score: null });
      expect(isOnTheHour(answer.answered) && isOnTheHour(answer.modified)).toBe(true);
    }
    // The day after, the profile's score is the sum of everything: that is the public score the
    // SPEC asks for, and it names no answer.
    await nextDay(author);
    expect((await profileOf(author)).score).toBe(wordScore(WORDS_37) + wordScore('kept to myself'));
  });
});
