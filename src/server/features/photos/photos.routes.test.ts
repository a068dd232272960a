import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryUsageStore, type UsageStore } from '#server/plugins/usage-store.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_ENTRY } from '#shared/domain/limits.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs } from '../answers/answer-fixtures.ts';
import { cameraJpeg, getPhoto, hasGps, unzip, uploadPhoto } from './photo-fixtures.ts';

// Issue 35 point 3 (decision 062): photos attached to an entry are their author's alone. Every
// door: the owner, another person, an anonymous visitor with a session, nobody, an admin; bad
// input; the write budget; and the files going with the photo, the entry and the account.

const HOUR = 60 * 60 * 1000;

describeEachDatabase('photos in entries', (get) => {
  let app: FastifyInstance;
  let dataDir: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-photos-'));
    app = await buildTestApp(get().db, { dataDir });
    jpeg = await cameraJpeg();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The stored photo files, found under the app's DATA_DIR/photos. */
  const storedFiles = async (user: TestUser) => {
    const rows = await get()
      .db.selectFrom('entry_photos')
      .select('storage_key')
      .where('user_id', '=', user.id)
      .execute();
    return rows.map((row) => row.storage_key);
  };
  const photoDirOf = () => path.join(dataDir, 'photos');

  async function ownerWithEntry() {
    const owner = await buildUser(get().db);
    const answer = await saveAnswerAs(app, owner, { prompt_id: null, prompt_title: '' });
    return { owner, answerId: answer._id };
  }

  it('keeps an upright, scaled WebP without EXIF or GPS, for its owner alone', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const big = await cameraJpeg(3000, 1500);
    const response = await uploadPhoto(app, owner, answerId, big);
    expect(response.statusCode).toBe(200);
    const { photo } = response.json();
    expect(photo).toMatchObject({ answer_id: answerId, width: 2048, height: 1024, position: 0 });
    expect(photo.url).toBe(`/api/answer/photo/${photo.id}`);
    expect(JSON.stringify(response.json())).not.toContain('.webp');

    const served = await getPhoto(app, owner, photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, no-store');
    const kept = await sharp(served.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'webp', width: 2048, height: 1024 });
    expect(kept.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);

    const listed = await post(app, '/api/answer/photos', { answer_id: answerId }, owner);
    expect(listed.json().photos).toEqual([photo]);
  });

  it('turns a sideways phone photo upright', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const sideways = await cameraJpeg(400, 200, { orientation: 6 });
    const { photo } = (await uploadPhoto(app, owner, answerId, sideways)).json();
    expect(photo).toMatchObject({ width: 200, height: 400 });
  });

  it('keeps the camera’s EXIF and location only when the person asks', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const response = await uploadPhoto(app, owner, answerId, jpeg, '&keep_metadata=true');
    expect(response.statusCode).toBe(200);
    const served = await getPhoto(app, owner, response.json().photo.url);
    const kept = await sharp(served.rawPayload).metadata();
    expect(hasGps(kept.exif)).toBe(true);
    const stripped = await uploadPhoto(app, owner, answerId, jpeg, '&keep_metadata=false');
    const strippedFile = await getPhoto(app, owner, stripped.json().photo.url);
    expect(hasGps((await sharp(strippedFile.rawPayload).metadata()).exif)).toBe(false);
  });

  it('answers 404 to everyone but the owner: another person, an anonymous visitor, nobody, an admin', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const { photo } = (await uploadPhoto(app, owner, answerId, jpeg)).json();
    const other = await buildUser(get().db);
    const anonymous = await buildUser(get().db, { name: '' });
    const admin = await buildUser(get().db, { admin: true });
    for (const caller of [other, anonymous, admin, null]) {
      const served = await getPhoto(app, caller, photo.url);
      expect(served.statusCode).toBe(404);
      expect(served.headers['content-type']).not.toContain('image');
    }
    // Nor through a guessed static path, nor by the stored file's name.
    const [key] = await storedFiles(owner);
    for (const url of [`/media/photos/${key}`, `/media/pictures/${key}`, `/photos/${key}`]) {
      expect((await getPhoto(app, owner, url)).statusCode).toBe(404);
    }
    for (const caller of [other, admin]) {
      // Someone else's entry has no photos the caller can see.
      const listed = await post(app, '/api/answer/photos', { answer_id: answerId }, caller);
      expect(listed.json()).toEqual({ photos: [] });
      const removed = await post(app, '/api/answer/photo/delete', { photo_id: photo.id }, caller);
      expect(removed.statusCode).toBe(404);
      // Nobody attaches a photo to someone else's entry.
      expect((await uploadPhoto(app, caller, answerId, jpeg)).statusCode).toBe(404);
    }
    expect((await uploadPhoto(app, null, answerId, jpeg)).statusCode).toBe(401);
    expect((await getPhoto(app, owner, photo.url)).statusCode).toBe(200);
  });

  it('never publishes a photo: a shared entry goes to the world without it', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const { photo } = (await uploadPhoto(app, owner, answerId, jpeg)).json();
    const shared = await post(
      app,
      '/api/answer/share',
      { answer_id: answerId, anonymous: false },
      owner,
    );
    expect(shared.statusCode).toBe(200);
    const viewer = await buildUser(get().db);
    const feed = await post(app, '/api/answer/shared', { page: 1 }, viewer);
    const inFeed = feed
      .json()
      .sharedAnswers.find((answer: { _id: string }) => answer._id === answerId);
    expect(inFeed).toBeDefined();
    // No public copy unless the person asked for one, and nothing that names the private photo.
    expect(inFeed.photos).toBeUndefined();
    expect(feed.body).not.toContain(photo.id);
    expect(feed.body).not.toContain('/media/pictures/');
    expect((await getPhoto(app, viewer, photo.url)).statusCode).toBe(404);
    expect((await getPhoto(app, null, photo.url)).statusCode).toBe(404);
  });

  it('publishes a public copy of the photos only when the person shares them, and takes it back', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const { photo } = (await uploadPhoto(app, owner, answerId, jpeg, '&keep_metadata=true')).json();
    const viewer = await buildUser(get().db);
    const feedCard = async () =>
      (await post(app, '/api/answer/shared', { page: 1 }, viewer))
        .json()
        .sharedAnswers.find((answer: { _id: string }) => answer._id === answerId);
    const share = (body: Record<string, unknown>) =>
      post(app, '/api/answer/share', { answer_id: answerId, anonymous: false, ...body }, owner);

    expect((await share({ photos: true })).statusCode).toBe(200);
    const card = await feedCard();
    expect(card.photos).toHaveLength(1);
    const [copy] = card.photos as { url: string; width: number; height: number }[];
    expect(copy).toMatchObject({ width: 1200, height: 800 });
    expect(copy?.url).toMatch(/^\/media\/pictures\/[A-Za-z0-9_-]+\.webp$/);
    expect(copy?.url).not.toContain(photo.id);
    // The public copy is anyone's to see, without the location the private photo kept.
    const served = await getPhoto(app, null, copy?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(hasGps((await sharp(served.rawPayload).metadata()).exif)).toBe(false);
    // The private photo stays private.
    expect((await getPhoto(app, viewer, photo.url)).statusCode).toBe(404);

    // Unshared, the copy leaves the world: the file is gone.
    expect(
      (await post(app, '/api/answer/unshare', { answer_id: answerId }, owner)).statusCode,
    ).toBe(200);
    expect((await getPhoto(app, null, copy?.url ?? '')).statusCode).toBe(404);
    // Shared again without them: none in the world.
    expect((await share({})).statusCode).toBe(200);
    expect((await feedCard()).photos).toBeUndefined();

    // Shared with them, then taken out of the world by an admin: the copy goes too.
    expect((await share({ photos: true })).statusCode).toBe(200);
    const removed = (await feedCard()).photos[0].url as string;
    const admin = await buildUser(get().db, { admin: true });
    expect(
      (await post(app, '/api/admin/answer/unshare', { answer_id: answerId }, admin)).statusCode,
    ).toBe(200);
    expect((await getPhoto(app, null, removed)).statusCode).toBe(404);

    // Shared with them, then the entry deleted: the copy goes with it.
    expect((await share({ photos: true })).statusCode).toBe(200);
    const again = (await feedCard()).photos[0].url as string;
    expect((await getPhoto(app, null, again)).statusCode).toBe(200);
    expect((await post(app, '/api/answer/delete', { answer_id: answerId }, owner)).statusCode).toBe(
      200,
    );
    expect((await getPhoto(app, null, again)).statusCode).toBe(404);
  });

  it('takes a shared photo out of the world when its owner removes it', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const first = (await uploadPhoto(app, owner, answerId, jpeg)).json().photo;
    await uploadPhoto(app, owner, answerId, await cameraJpeg(300, 200));
    const shared = await post(
      app,
      '/api/answer/share',
      { answer_id: answerId, anonymous: false, photos: true },
      owner,
    );
    expect(shared.statusCode).toBe(200);
    const card = async () =>
      (await post(app, '/api/answer/shared', { page: 1 }, owner))
        .json()
        .sharedAnswers.find((answer: { _id: string }) => answer._id === answerId);
    const [copy, other] = (await card()).photos as { url: string; width: number }[];
    expect(JSON.stringify(await card())).not.toContain(first.id);
    expect(
      (await post(app, '/api/answer/photo/delete', { photo_id: first.id }, owner)).statusCode,
    ).toBe(200);
    expect((await getPhoto(app, null, copy?.url ?? '')).statusCode).toBe(404);
    expect((await card()).photos).toEqual([other]);
    expect((await getPhoto(app, null, other?.url ?? '')).statusCode).toBe(200);
  });

  it('lets an anonymous writer attach photos to their own entry', async () => {
    const anonymous = await buildUser(get().db, { name: '' });
    const answer = await saveAnswerAs(app, anonymous, { prompt_id: null, prompt_title: '' });
    const response = await uploadPhoto(app, anonymous, answer._id, jpeg);
    expect(response.statusCode).toBe(200);
    expect((await getPhoto(app, anonymous, response.json().photo.url)).statusCode).toBe(200);
  });

  it('refuses what is not a photo, a file too large, a missing entry and the photo past the tenth', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const svg = Buffer.from('<svg onload="alert(1)"></svg>');
    expect((await uploadPhoto(app, owner, answerId, svg)).statusCode).toBe(415);
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]);
    expect((await uploadPhoto(app, owner, answerId, tooBig)).statusCode).toBe(413);
    expect((await uploadPhoto(app, owner, 'nosuchentry', jpeg)).statusCode).toBe(404);
    const notMultipart = await post(
      app,
      `/api/answer/photo/upload?answer_id=${answerId}`,
      {},
      owner,
    );
    expect(notMultipart.statusCode).toBe(415);
    const small = await cameraJpeg(40, 30);
    for (let i = 0; i < MAX_PHOTOS_PER_ENTRY; i += 1) {
      const response = await uploadPhoto(app, owner, answerId, small);
      expect(response.statusCode).toBe(200);
      expect(response.json().photo.position).toBe(i);
    }
    const eleventh = await uploadPhoto(app, owner, answerId, small);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toContain(`at most ${MAX_PHOTOS_PER_ENTRY} photos`);
    expect(await storedFiles(owner)).toHaveLength(MAX_PHOTOS_PER_ENTRY);
    expect(fs.readdirSync(photoDirOf()).filter((name) => name === 'photo.jpg')).toEqual([]);
  });

  it('keeps one photo for an upload sent again under its key, even two at once', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const key = '&upload_key=queued-photo-1';
    const first = await uploadPhoto(app, owner, answerId, jpeg, key);
    expect(first.statusCode).toBe(200);
    // Its answer was lost: the queue sends it again and gets the same photo back.
    const again = await uploadPhoto(app, owner, answerId, jpeg, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().photo).toEqual(first.json().photo);
    // Two tabs sending the same queued photo at once.
    const racing = await Promise.all([
      uploadPhoto(app, owner, answerId, jpeg, '&upload_key=queued-photo-2'),
      uploadPhoto(app, owner, answerId, jpeg, '&upload_key=queued-photo-2'),
    ]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(racing[0]?.json().photo).toEqual(racing[1]?.json().photo);
    const listed = (await post(app, '/api/answer/photos', { answer_id: answerId }, owner)).json();
    expect(listed.photos).toHaveLength(2);
    // One file a photo: the losing twin's file went, the winner's stayed.
    expect(await storedFiles(owner)).toHaveLength(2);
    for (const photo of listed.photos) {
      expect((await getPhoto(app, owner, photo.url)).statusCode).toBe(200);
    }
    const files = fs.readdirSync(photoDirOf());
    for (const key of await storedFiles(owner)) expect(files).toContain(key);

    // Someone else's key of the same name is theirs: it never meets the owner's photo.
    const other = await ownerWithEntry();
    const theirs = await uploadPhoto(app, other.owner, other.answerId, jpeg, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().photo.id).not.toBe(first.json().photo.id);
    // The same key for another of the owner's entries is a mistake, said as one.
    const elsewhere = await saveAnswerAs(app, owner, { prompt_id: null, prompt_title: '' });
    expect((await uploadPhoto(app, owner, elsewhere._id, jpeg, key)).statusCode).toBe(409);
  });

  it('removes a photo, its file with it', async () => {
    const { owner, answerId } = await ownerWithEntry();
    const { photo } = (await uploadPhoto(app, owner, answerId, jpeg)).json();
    const [key] = await storedFiles(owner);
    expect(fs.statSync(path.join(photoDirOf(), key ?? '')).mode & 0o777).toBe(0o600);
    const removed = await post(app, '/api/answer/photo/delete', { photo_id: photo.id }, owner);
    expect(removed.statusCode).toBe(200);
    expect((await getPhoto(app, owner, photo.url)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(photoDirOf(), key ?? ''))).toBe(false);
  });

  it('takes the photos’ files away with their entry, and with the account', async () => {
    const { owner, answerId } = await ownerWithEntry();
    await uploadPhoto(app, owner, answerId, jpeg);
    const [entryKey] = await storedFiles(owner);
    expect((await post(app, '/api/answer/delete', { answer_id: answerId }, owner)).statusCode).toBe(
      200,
    );
    expect(await storedFiles(owner)).toEqual([]);
    expect(fs.existsSync(path.join(photoDirOf(), entryKey ?? ''))).toBe(false);

    const anonymous = await buildUser(get().db, { name: '' });
    const answer = await saveAnswerAs(app, anonymous, { prompt_id: null, prompt_title: '' });
    await uploadPhoto(app, anonymous, answer._id, jpeg);
    const [accountKey] = await storedFiles(anonymous);
    expect(fs.existsSync(path.join(photoDirOf(), accountKey ?? ''))).toBe(true);
    expect((await post(app, '/api/user/delete', {}, anonymous)).statusCode).toBe(200);
    expect(fs.existsSync(path.join(photoDirOf(), accountKey ?? ''))).toBe(false);
  });
});

describeEachDatabase('photos in entries: exports', (get) => {
  it('carries the photo files beside their entry in the Markdown zip, and lists them in the JSON', async () => {
    const app = await buildTestApp(get().db);
    try {
      const owner = await buildUser(get().db);
      const answer = await saveAnswerAs(app, owner, {
        prompt_id: null,
        prompt_title: 'At the lake',
        text: 'Cold water.',
      });
      const jpeg = await cameraJpeg(300, 200);
      const first = (await uploadPhoto(app, owner, answer._id, jpeg)).json().photo;
      const second = (await uploadPhoto(app, owner, answer._id, jpeg)).json().photo;
      const other = await buildUser(get().db);
      await saveAnswerAs(app, other, { prompt_id: null, prompt_title: 'Elsewhere' });

      const zip = await post(app, '/api/user/export/markdown', {}, owner);
      expect(zip.statusCode).toBe(200);
      const files = await unzip(zip.rawPayload);
      const names = [...files.keys()].sort();
      const markdown = names.find((name) => name.endsWith('-at-the-lake.md')) ?? '';
      const base = markdown.replace(/^muse-answers\//, '').replace(/\.md$/, '');
      expect(names).toEqual([
        markdown,
        `muse-answers/photos/${base}-1.webp`,
        `muse-answers/photos/${base}-2.webp`,
      ]);
      const text = files.get(markdown)?.toString('utf8') ?? '';
      expect(text).toContain('Cold water.');
      expect(text).toContain(`![Photo 1](photos/${base}-1.webp)`);
      expect(text).toContain(`![Photo 2](photos/${base}-2.webp)`);
      const served = await getPhoto(app, owner, first.url);
      expect(files.get(`muse-answers/photos/${base}-1.webp`)).toEqual(served.rawPayload);

      const json = await post(app, '/api/user/export', {}, owner);
      expect(json.json().photos).toEqual([first, second]);
      expect(json.body).not.toContain('.webp');
      expect((await post(app, '/api/user/export', {}, other)).json().photos).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describeEachDatabase('photos in entries: the write budget', (get) => {
  it('charges what a photo stores, and refuses it whole once the hour’s budget is spent', async () => {
    const store = createMemoryUsageStore();
    const at = Date.now();
    const frozen: UsageStore = {
      add: (key, amount, windowMs) => store.add(key, amount, windowMs, at),
    };
    const app = await buildTestApp(get().db, { relaxedRateLimits: false }, { usageStore: frozen });
    try {
      const owner = await buildUser(get().db);
      const answer = await saveAnswerAs(app, owner, { prompt_id: null, prompt_title: '' });
      const jpeg = await cameraJpeg();
      expect((await uploadPhoto(app, owner, answer._id, jpeg)).statusCode).toBe(200);
      // The rest of the hour's 16 MiB is used up by other writes.
      await store.add(`bytes:user:${owner.id}`, 16 * 1024 * 1024, HOUR, at);
      const refused = await uploadPhoto(app, owner, answer._id, jpeg);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const listed = await post(app, '/api/answer/photos', { answer_id: answer._id }, owner);
      expect(listed.json().photos).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
