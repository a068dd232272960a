import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Answer } from '#shared/api/answers.ts';
import type { Photo } from '#shared/api/photos.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { cameraJpeg, getPhoto, hasGps } from '../photos/photo-fixtures.ts';
import { multipart, zipOf } from './import-fixtures.ts';

// Issue 35 point 4 with decision 062: a Day One export's photos come with their entries,
// re-encoded like an upload (no EXIF, no GPS); the moment links go; a photo-only day stays a
// day; the preview no longer lists them as not brought over. A bare Journal.json has no photo
// files, so there they still stay behind.

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

describeEachDatabase('Day One photos', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const upload = (user: TestUser, url: string, name: string, content: Buffer) => {
    const body = multipart(name, content);
    return app.inject({
      method: 'POST',
      url: `${url}?timeZone=UTC`,
      payload: body.payload,
      headers: { ...body.headers, cookie: user.cookie },
    });
  };

  it('attaches the photos to their entries, and a photo-only day becomes an entry', async () => {
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'P1',
          creationDate: daysAgo(1),
          text: 'At the lake\n![](dayone-moment://M1)\nCold water\\.',
          photos: [{ identifier: 'M1', md5: 'aaa', type: 'jpeg' }],
        },
        {
          uuid: 'P2',
          creationDate: daysAgo(0),
          text: '![](dayone-moment://M2)\n![](dayone-moment://M3)',
          photos: [
            { identifier: 'M2', md5: 'bbb', type: 'jpeg' },
            { identifier: 'M3', md5: 'ccc', type: 'png' },
          ],
        },
      ],
    };
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const zip = await zipOf([
      ['Journal.json', JSON.stringify(journal)],
      ['photos/aaa.jpeg', await cameraJpeg(600, 400)],
      ['photos/bbb.jpeg', await cameraJpeg(400, 600)],
      ['photos/ccc.png', png],
    ]);
    const person = await buildUser(get().db);
    const seen = await upload(person, '/api/user/import/preview', 'dayone.zip', zip);
    expect(seen.json().preview).toMatchObject({ entries: 2, skipped: [], notBroughtOver: [] });
    // Nothing is written by a preview.
    expect(await get().db.selectFrom('entry_photos').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ user_id: person.id }),
    );

    const imported = await upload(person, '/api/user/import', 'dayone.zip', zip);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().imported).toMatchObject({ entries: 2, notBroughtOver: [] });

    const exported = (await post(app, '/api/user/export', {}, person)).json<{
      answers: Answer[];
      photos: Photo[];
      user: { streak: number };
    }>();
    const byText = new Map(exported.answers.map((a) => [a.text, a]));
    const lake = byText.get('At the lake\nCold water.');
    const photoOnly = byText.get('');
    expect(exported.answers.map((a) => [a.prompt_title, a.text]).sort()).toEqual([
      ['At the lake', 'At the lake\nCold water.'],
      ['Day One', ''],
    ]);
    expect(JSON.stringify(exported.answers)).not.toContain('dayone-moment');
    // The photo-only day is a day of the streak.
    expect(exported.user.streak).toBe(2);
    const photosOf = (answer: Answer | undefined) =>
      exported.photos.filter((photo) => photo.answer_id === answer?._id);
    expect(photosOf(lake).map((p) => [p.width, p.height])).toEqual([[600, 400]]);
    expect(photosOf(photoOnly).map((p) => [p.position, p.width, p.height])).toEqual([
      [0, 400, 600],
      [1, 30, 20],
    ]);
    const served = await getPhoto(app, person, photosOf(lake)[0]?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(hasGps((await sharp(served.rawPayload).metadata()).exif)).toBe(false);

    // Again: the entries are there already, and no photo is attached twice.
    const again = await upload(person, '/api/user/import', 'dayone.zip', zip);
    expect(again.json().imported).toMatchObject({ entries: 0 });
    expect((await post(app, '/api/user/export', {}, person)).json().photos).toHaveLength(3);

    // A bare Journal.json has no photo files: they stay behind, and the photo-only entry too.
    const bare = await upload(
      await buildUser(get().db),
      '/api/user/import/preview',
      'Journal.json',
      Buffer.from(JSON.stringify(journal)),
    );
    expect(bare.json().preview).toMatchObject({
      entries: 1,
      notBroughtOver: [
        { kind: 'photos', count: 3 },
        { kind: 'photoOnly', count: 1 },
      ],
    });
  });
});
