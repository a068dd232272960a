import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Answer } from '#shared/api/answers.ts';
import type { ImportSummary } from '#shared/api/transfer.ts';
import { buildUser, post, type TestUser, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { multipart, zipOf } from './import-fixtures.ts';

// Issue 17 B: export as Markdown beside JSON, and import from Müse JSON, Day One and Markdown
// with a preview, no duplicates on a second run, honest streaks, and zips that try to hurt.

const daysAgo = (n: number, hour = 12) => {
  const date = new Date();
  date.setUTCHours(hour, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() - n);
  return date.toISOString();
};

/** What must survive a round trip: everything but ids, owner, likes and the picture. */
function portable(answers: Answer[]) {
  return answers
    .map(({ _id, user_id, user_name, likes, likers, profilePicture, reported, ...rest }) => rest)
    .sort((a, b) => a.answered.localeCompare(b.answered));
}

describeEachDatabase('transfer: export and import', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const upload = (
    user: TestUser | null,
    url: string,
    file: { name: string; content: Buffer },
    query = '?timeZone=UTC',
  ) => {
    const body = multipart(file.name, file.content);
    return app.inject({
      method: 'POST',
      url: `${url}${query}`,
      payload: body.payload,
      headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) },
    });
  };
  const preview = async (user: TestUser, name: string, content: Buffer) => {
    const response = await upload(user, '/api/user/import/preview', { name, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ preview: ImportSummary }>().preview;
  };
  const importFile = async (user: TestUser, name: string, content: Buffer) => {
    const response = await upload(user, '/api/user/import', { name, content });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ imported: ImportSummary }>().imported;
  };
  const exportJson = async (user: TestUser) => {
    const response = await post(app, '/api/user/export', {}, user);
    expect(response.statusCode).toBe(200);
    return response.json<{
      user: { score: number; streak: number; longestStreak: number };
      answers: Answer[];
    }>();
  };

  /** An account with five answers over the last days: categories, a shared and an anonymous one. */
  async function writer(): Promise<TestUser> {
    const user = await buildUser(get().db);
    const answers = [
      {
        d: 0,
        title: 'What made you smile today?',
        text: 'The cat — and a café au lait ☕.',
        cats: ['Gratitude'],
      },
      {
        d: 1,
        title: 'Journal',
        text: 'Line one\n\nLine "two" with --- dashes\n---\nand a fake fence',
        cats: [],
      },
      {
        d: 2,
        title: 'What did you learn?',
        text: 'That *markdown* stays `as is`.',
        cats: ['Growth', 'Daily'],
      },
      { d: 5, title: 'Who helped you?', text: 'My neighbour, with the ladder.', cats: ['Life'] },
      { d: 40, title: 'An old one', text: 'From long ago', cats: [] },
    ];
    for (const a of answers) {
      const id = unique('a');
      const saved = await post(
        app,
        '/api/answer/save',
        {
          answer: {
            _id: id,
            prompt_id: a.title === 'What did you learn?' ? 'seed-life-01' : null,
            prompt_title: a.title,
            text: a.text,
            categories: a.cats,
            // Tags survive both round trips (issue 35 point 3).
            tags: a.d === 1 ? ['Berlin trip', 'home'] : [],
            answered: daysAgo(a.d),
            modified: daysAgo(a.d, 13),
          },
        },
        user,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      if (a.d === 0 || a.d === 2) {
        const shared = await post(
          app,
          '/api/answer/share',
          { answer_id: id, anonymous: a.d === 2 },
          user,
        );
        expect(shared.statusCode, shared.body).toBe(200);
      }
    }
    return user;
  }

  it('round-trips the JSON export into a fresh account: nothing changes but ids', async () => {
    const original = await exportJson(await writer());
    const file = Buffer.from(JSON.stringify(original));
    const fresh = await buildUser(get().db);

    const seen = await preview(fresh, 'muse-export.json', file);
    expect(seen).toEqual({
      format: 'muse-json',
      entries: 5,
      from: daysAgo(40).slice(0, 10),
      to: daysAgo(0).slice(0, 10),
      skipped: [],
      notBroughtOver: [],
    });
    // A preview changes nothing.
    expect((await exportJson(fresh)).answers).toEqual([]);

    expect(await importFile(fresh, 'muse-export.json', file)).toEqual(seen);
    const again = await exportJson(fresh);
    expect(portable(again.answers)).toEqual(portable(original.answers));
    expect(again.user.score).toBe(original.user.score);
    // Honest streak from the dates: today, yesterday and the day before in a row.
    expect(again.user.streak).toBe(3);
    expect(again.user.longestStreak).toBe(3);

    // A second run adds nothing, and says why.
    const twice = await importFile(fresh, 'muse-export.json', file);
    expect(twice.entries).toBe(0);
    expect(twice.skipped).toEqual([{ reason: 'already in your journal', count: 5 }]);
    expect((await exportJson(fresh)).answers).toHaveLength(5);
    // Nor does importing an account's own export into itself.
    expect((await preview(fresh, 'again.json', Buffer.from(JSON.stringify(again)))).entries).toBe(
      0,
    );
  });

  it('exports Markdown (one file per answer, front matter) and imports it back losslessly', async () => {
    const user = await writer();
    const original = await exportJson(user);
    const response = await post(app, '/api/user/export/markdown', {}, user);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="muse-answers-.*\.zip"/,
    );
    const zip = response.rawPayload;
    const text = zip.toString('latin1');
    expect(text).toContain('muse-answers/');

    const fresh = await buildUser(get().db);
    const imported = await importFile(fresh, 'answers.zip', zip);
    expect(imported).toMatchObject({ format: 'markdown', entries: 5, skipped: [] });
    expect(portable((await exportJson(fresh)).answers)).toEqual(portable(original.answers));
    expect((await importFile(fresh, 'answers.zip', zip)).entries).toBe(0);
  });

  it('reads Markdown files from other tools: plain YAML, or a dated file name and no front matter', async () => {
    const fresh = await buildUser(get().db);
    const zip = await zipOf([
      ['notes/2026-03-04-walk.md', 'A walk by the river.\n'],
      ['notes/2026-03-05-trip.md', 'Some words first.\n\n# Train to Hamburg\n\nWindy.\n'],
      [
        'notes/yaml.md',
        "---\ntitle: 'Plain YAML'\ndate: 2025-12-24T18:00:00Z\ntags:\n  - Life\n  - Self\n---\nSnow.\n",
      ],
      ['notes/undated.md', 'No date anywhere'],
      ['notes/empty.md', '---\ndate: 2025-01-01\n---\n\n'],
      ['notes/picture.png', Buffer.from([1, 2, 3])],
    ]);
    const seen = await preview(fresh, 'notes.zip', zip);
    expect(seen).toEqual({
      format: 'markdown',
      entries: 3,
      from: '2025-12-24',
      to: '2026-03-05',
      // A picture is not an entry: it is among what is not brought over (issue 35 point 4).
      skipped: [
        { reason: 'no readable date', count: 1 },
        { reason: 'no text', count: 1 },
      ],
      notBroughtOver: [{ kind: 'photos', count: 1 }],
    });
    await importFile(fresh, 'notes.zip', zip);
    const answers = (await exportJson(fresh)).answers;
    expect(answers.map((a) => [a.prompt_title, a.text, a.categories, a.tags])).toEqual(
      expect.arrayContaining([
        // Nor a heading: titled by its day, as a journal entry is (not by the file's name).
        ['Mar 4, 2026', 'A walk by the river.', [], []],
        // Without front matter, the first `# ` heading is the title; the text stays as written.
        ['Train to Hamburg', 'Some words first.\n\n# Train to Hamburg\n\nWindy.', [], []],
        // Other tools' tags are tags (issue 35 point 3).
        ['Plain YAML', 'Snow.', [], ['Life', 'Self']],
      ]),
    );
  });

  it('names Markdown files and reads bare dates on the person’s own day (UTC+14, UTC-11)', async () => {
    const user = await buildUser(get().db);
    for (const [title, answered] of [
      ['Morning', '2026-03-03T18:00:00.000Z'], // Mar 4, 08:00 in Kiritimati; Mar 3 in Pago Pago
      ['Late night', '2026-03-05T09:30:00.000Z'], // Mar 5, 23:30 in Kiritimati; Mar 4 in Pago Pago
    ]) {
      const answer = { _id: unique('a'), prompt_title: title, text: `${title} words`, answered };
      expect((await post(app, '/api/answer/save', { answer }, user)).statusCode).toBe(200);
    }
    const namesIn = async (timeZone: string) => {
      const response = await post(app, '/api/user/export/markdown', { timeZone }, user);
      expect(response.statusCode, response.body).toBe(200);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="muse-answers-${today}.zip"`,
      );
      return [...response.rawPayload.toString('latin1').matchAll(/muse-answers\/([\w-]+\.md)/g)]
        .map((m) => m[1])
        .filter((name, i, all) => all.indexOf(name) === i)
        .sort();
    };
    expect(await namesIn('Pacific/Kiritimati')).toEqual([
      '2026-03-04-morning.md',
      '2026-03-05-late-night.md',
    ]);
    expect(await namesIn('Pacific/Pago_Pago')).toEqual([
      '2026-03-03-morning.md',
      '2026-03-04-late-night.md',
    ]);
    for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(65), 14]) {
      const refused = await post(app, '/api/user/export/markdown', { timeZone }, user);
      expect(refused.statusCode, String(timeZone)).toBe(400);
    }

    // A dated file without a time is that day where the importer lives: noon there.
    const zip = await zipOf([['notes/2026-03-04-walk.md', 'A walk by the river.\n']]);
    for (const [timeZone, noon] of [
      ['Pacific/Pago_Pago', '2026-03-04T23:00:00.000Z'],
      ['Pacific/Kiritimati', '2026-03-03T22:00:00.000Z'],
    ]) {
      const fresh = await buildUser(get().db);
      const query = `?timeZone=${encodeURIComponent(timeZone as string)}`;
      const file = { name: 'notes.zip', content: zip };
      const seen = await upload(fresh, '/api/user/import/preview', file, query);
      expect(seen.json().preview).toMatchObject({
        entries: 1,
        from: '2026-03-04',
        to: '2026-03-04',
      });
      expect((await upload(fresh, '/api/user/import', file, query)).statusCode).toBe(200);
      expect((await exportJson(fresh)).answers.map((a) => a.answered)).toEqual([noon]);
    }
  });

  it('imports a Day One export under a "Day One" prompt with its dates, once', async () => {
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'D1',
          creationDate: daysAgo(1),
          modifiedDate: daysAgo(1, 14),
          timeZone: 'Europe/Berlin',
          text: 'Yesterday in Berlin.',
        },
        {
          uuid: 'D2',
          creationDate: daysAgo(0),
          text: '![](dayone-moment://ABC)\nToday with a photo.',
          photos: [{ identifier: 'ABC' }],
        },
        { uuid: 'D3', creationDate: daysAgo(3), text: '   ' },
        { uuid: 'D4', text: 'No date' },
        { creationDate: daysAgo(2), text: 'No uuid' },
        { uuid: 'D1', creationDate: daysAgo(1), text: 'Yesterday in Berlin.' },
      ],
    };
    const zip = await zipOf([
      ['Journal.json', JSON.stringify(journal)],
      ['photos/abc.jpeg', Buffer.from([0xff, 0xd8, 0xff])],
    ]);
    const fresh = await buildUser(get().db);
    const seen = await preview(fresh, 'dayone.zip', zip);
    expect(seen).toEqual({
      format: 'day-one',
      entries: 2,
      from: daysAgo(1).slice(0, 10),
      to: daysAgo(0).slice(0, 10),
      skipped: [
        { reason: 'no text', count: 1 },
        { reason: 'no readable date', count: 1 },
        { reason: 'not an entry we can read', count: 1 },
        { reason: 'repeated in the file', count: 1 },
      ],
      notBroughtOver: [{ kind: 'photos', count: 1 }],
    });
    await importFile(fresh, 'dayone.zip', zip);
    const after = await exportJson(fresh);
    // Noon UTC in Berlin is early afternoon there: the same wall clock in the importer's UTC.
    expect(
      after.answers.map((a) => [a.prompt_title, a.text, a.answered.slice(0, 10)]).sort(),
    ).toEqual([
      ['Day One', 'Today with a photo.', daysAgo(0).slice(0, 10)],
      ['Day One', 'Yesterday in Berlin.', daysAgo(1).slice(0, 10)],
    ]);
    expect(after.user.streak).toBe(2);
    expect((await importFile(fresh, 'dayone.zip', zip)).entries).toBe(0);
    // The bare Journal.json works too, and knows the entries are there already.
    const bare = await preview(fresh, 'Journal.json', Buffer.from(JSON.stringify(journal)));
    expect(bare).toMatchObject({ format: 'day-one', entries: 0 });
  });

  it('brings a real Day One export over: text unescaped, own-zone days, titles, and says what stays behind', async () => {
    // Issue 35 point 4. Shaped like Day One's own export: Journal.json and photos/ in a zip.
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'E1',
          creationDate: '2026-03-04T23:30:00Z',
          modifiedDate: '2026-03-04T23:45:00Z',
          timeZone: 'Europe/Berlin',
          text: '# Train home\\.\n\nTrain home from Berlin\\. Tired but good\\. Seats 3\\-4, path C:\\tmp\\.',
          tags: ['travel', 'berlin'],
          starred: true,
          location: { placeName: 'Berlin Hbf', latitude: 52.525, longitude: 13.369 },
          weather: { conditionsDescription: 'Cloudy', temperatureCelsius: 6 },
        },
        {
          uuid: 'E2',
          creationDate: '2026-03-06T08:00:00Z',
          timeZone: 'America/New_York',
          text: '![](dayone-moment://P1)\nA short day\nWalked in the park\\!',
          tags: ['walks'],
          starred: false,
          location: { placeName: 'Central Park' },
          weather: { conditionsDescription: 'Sunny' },
          photos: [{ identifier: 'P1', md5: 'aaa', type: 'jpeg' }],
        },
        {
          uuid: 'E3',
          creationDate: '2026-03-07T10:00:00Z',
          timeZone: 'Europe/Berlin',
          text: '![](dayone-moment://P2)\n![](dayone-moment://P3)',
          photos: [
            { identifier: 'P2', md5: 'bbb', type: 'jpeg' },
            { identifier: 'P3', md5: 'ccc', type: 'jpeg' },
          ],
        },
        {
          uuid: 'E4',
          creationDate: '2026-03-02T23:30:00Z',
          timeZone: 'Mars/Olympus',
          text: 'A zone nobody knows\\: UTC then.',
        },
      ],
    };
    const zip = await zipOf([
      ['Journal.json', JSON.stringify(journal)],
      ['photos/aaa.jpeg', Buffer.from([0xff, 0xd8, 0xff])],
      ['photos/bbb.jpeg', Buffer.from([0xff, 0xd8, 0xff])],
      ['photos/ccc.jpeg', Buffer.from([0xff, 0xd8, 0xff])],
    ]);
    for (const timeZone of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const fresh = await buildUser(get().db);
      const query = `?timeZone=${encodeURIComponent(timeZone)}`;
      const file = { name: 'dayone.zip', content: zip };
      const seen = await upload(fresh, '/api/user/import/preview', file, query);
      expect(seen.statusCode, seen.body).toBe(200);
      // Each entry on its own day where it was written, whatever the importer's zone; photo
      // files are no skipped entries; what Müse cannot keep yet is named by kind. Photos come
      // with their entries (decision 062), the photo-only day too.
      expect(seen.json().preview, timeZone).toEqual({
        format: 'day-one',
        entries: 4,
        from: '2026-03-02',
        to: '2026-03-07',
        skipped: [],
        // Tags come over with their entries (issue 35 point 3).
        // Starred comes over as the tag 'starred'.
        notBroughtOver: [
          { kind: 'locations', count: 2 },
          { kind: 'weather', count: 2 },
        ],
      });
      // These photo files are no pictures (three bytes of a JPEG's start): they stay behind,
      // and so does the entry that had nothing else (day-one-photos.routes.test.ts has real ones).
      const imported = await upload(fresh, '/api/user/import', file, query);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().imported).toMatchObject({
        entries: 3,
        notBroughtOver: [
          { kind: 'locations', count: 2 },
          { kind: 'weather', count: 2 },
          { kind: 'photos', count: 3 },
          { kind: 'photoOnly', count: 1 },
        ],
      });
      const answers = (await exportJson(fresh)).answers;
      const dayThere = (iso: string) =>
        new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));
      // The list shows the days the preview named: the same wall clock as in the entry's zone.
      expect(
        answers
          .map((a) => [dayThere(a.answered), a.prompt_title, a.text, a.tags])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        timeZone,
      ).toEqual([
        ['2026-03-02', 'Day One', 'A zone nobody knows: UTC then.', []],
        [
          '2026-03-05',
          'Train home.',
          'Train home from Berlin. Tired but good. Seats 3-4, path C:\\tmp.',
          ['travel', 'berlin', 'starred'],
        ],
        ['2026-03-06', 'A short day', 'A short day\nWalked in the park!', ['walks']],
      ]);
      if (timeZone === 'UTC') {
        expect(answers.map((a) => a.answered).sort()).toEqual([
          '2026-03-02T23:30:00.000Z',
          '2026-03-05T00:30:00.000Z',
          '2026-03-06T03:00:00.000Z',
        ]);
      }
    }
  });

  it('refuses zip bombs, paths that leave the folder, and files it cannot read, changing nothing', async () => {
    const user = await buildUser(get().db);
    const bomb = await zipOf([['Journal.json', Buffer.alloc(20 * 1024 * 1024, 0x20)]]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const bombed = await upload(user, '/api/user/import', { name: 'bomb.zip', content: bomb });
    expect(bombed.statusCode).toBe(400);
    expect(bombed.json().error).toMatch(/zip bomb/);

    // yazl refuses '../' itself; the same bytes with the name changed in place do not.
    const honest = await zipOf([['aa/evil.md', '---\ndate: 2025-01-01\n---\nGotcha']]);
    const evil = Buffer.from(
      honest.toString('latin1').replaceAll('aa/evil.md', '../evil.md'),
      'latin1',
    );
    const climbed = await upload(user, '/api/user/import', { name: 'evil.zip', content: evil });
    expect(climbed.statusCode).toBe(400);
    expect(climbed.json().error).toMatch(/path leaves its folder/);

    const garbage = await upload(user, '/api/user/import', {
      name: 'x.zip',
      content: Buffer.from('PK\u0003\u0004 nonsense'),
    });
    expect(garbage.statusCode).toBe(400);
    const notJson = await upload(user, '/api/user/import', {
      name: 'x.txt',
      content: Buffer.from('hello'),
    });
    expect(notJson.statusCode).toBe(400);
    const broken = await upload(user, '/api/user/import', {
      name: 'x.json',
      content: Buffer.from('{"answers": [{"text": '),
    });
    expect(broken.statusCode).toBe(400);
    const zone = await upload(
      user,
      '/api/user/import',
      { name: 'x.json', content: Buffer.from('{}') },
      '?timeZone=Mars/Olympus',
    );
    expect(zone.statusCode).toBe(400);
    const json = await post(app, '/api/user/import', { file: 'x' }, user);
    expect(json.statusCode).toBe(415);
    const nobody = await upload(null, '/api/user/import', {
      name: 'x.json',
      content: Buffer.from('{}'),
    });
    expect(nobody.statusCode).toBe(401);
    expect((await exportJson(user)).answers).toEqual([]);
  });
});
