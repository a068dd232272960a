import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { type SignedUp, signUpThroughApi } from '#tests/support/accounts.ts';
import { buildUser, post, unique } from '#tests/support/factories.ts';
import { keyBundle, sealedEntry } from '#tests/support/key-bundle.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { STILL_ENCRYPTED } from '../encryption/encryption.service.ts';
import {
  cameraJpeg,
  getPhoto,
  photoForm,
  replacePhoto,
  SEALED,
  sealedPhoto,
  unzip,
  uploadPhoto,
} from './photo-fixtures.ts';
import { ENTRY_NOT_SHARED, NOT_SEALED_TO_PUBLISH } from './photo-publish.service.ts';
import { NOT_SEALED, PHOTOS_OPEN, PHOTOS_SEALED } from './sealed-photos.ts';

// Issue 37 point 3 (docs/ENCRYPTION.md *Photos*): an encrypted journal's photos are sealed on
// the device and kept by the server as they came; a journal in words takes only images. Which
// form a photo may take, replacing one form by the other, turning encryption off and forfeiting
// the key, sharing and the server's own Markdown export.

describeEachDatabase('encrypted photos', (get) => {
  let app: FastifyInstance;
  let dataDir: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-sealed-photos-'));
    app = await buildTestApp(get().db, { dataDir });
    jpeg = await cameraJpeg(300, 200);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const photoFiles = () => {
    const dir = path.join(dataDir, 'photos');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const fileOf = (key: string) => fs.readFileSync(path.join(dataDir, 'photos', key));
  const rowsOf = (who: { id: string }) =>
    get()
      .db.selectFrom('entry_photos')
      .selectAll()
      .where('user_id', '=', who.id)
      .orderBy('position')
      .execute();
  const keyOf = async (photoId: string) =>
    (
      await get()
        .db.selectFrom('entry_photos')
        .select('storage_key')
        .where('id', '=', photoId)
        .executeTakeFirstOrThrow()
    ).storage_key;
  const setBundle = (who: SignedUp, body: Record<string, unknown>) =>
    post(app, '/api/encryption/set', { password: who.password, ...body }, who);
  const turnOn = async (who: SignedUp) => {
    expect((await setBundle(who, { bundle: keyBundle() })).statusCode).toBe(200);
  };
  const saveEntry = async (who: SignedUp, sealed: boolean) => {
    const id = unique('entry');
    const answer = sealed
      ? { text: sealedEntry(), encrypted: true, score: 1, base_revision: 0 }
      : { text: 'A walk by the river' };
    const saved = await post(
      app,
      '/api/answer/save',
      { answer: { _id: id, prompt_title: 'Journal', ...answer } },
      who,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  };
  /** A writer whose journal is encrypted, with one sealed entry. */
  const encryptedWriter = async () => {
    const who = await signUpThroughApi(app);
    await turnOn(who);
    return { who, answerId: await saveEntry(who, true) };
  };

  it('keeps a sealed photo as sent and answers it as bytes, saying it is encrypted', async () => {
    const { who, answerId } = await encryptedWriter();
    const content = sealedPhoto(1000);
    const response = await uploadPhoto(app, who, answerId, content, SEALED);
    expect(response.statusCode, response.body).toBe(200);
    const { photo } = response.json();
    expect(photo).toMatchObject({
      answer_id: answerId,
      width: 640,
      height: 480,
      bytes: content.length,
      position: 0,
      encrypted: true,
    });
    const key = await keyOf(photo.id);
    expect(key).toMatch(/\.p1$/);
    expect(fileOf(key).equals(content)).toBe(true);

    const served = await getPhoto(app, who, photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.rawPayload.equals(content)).toBe(true);
    const listed = await post(app, '/api/answer/photos', { answer_id: answerId }, who);
    expect(listed.json().photos).toEqual([photo]);
    expect((await post(app, '/api/user/photos', {}, who)).json().photos).toEqual([photo]);

    // A photo in words says nothing of encryption, and is served as the image it is.
    const writer = await signUpThroughApi(app);
    const plain = (await uploadPhoto(app, writer, await saveEntry(writer, false), jpeg)).json();
    expect(plain.photo).not.toHaveProperty('encrypted');
    expect((await getPhoto(app, writer, plain.photo.url)).headers['content-type']).toBe(
      'image/webp',
    );
  });

  it('refuses a photo in words for an encrypted journal (409), a sealed one for a journal in words (403), storing nothing', async () => {
    const { who, answerId } = await encryptedWriter();
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    const before = photoFiles();

    const words = await uploadPhoto(app, who, answerId, jpeg);
    expect(words.statusCode).toBe(409);
    expect(words.json().error).toBe(PHOTOS_SEALED);
    const sealed = await uploadPhoto(app, writer, entry, sealedPhoto(), SEALED);
    expect(sealed.statusCode).toBe(403);
    expect(sealed.json().error).toBe(PHOTOS_OPEN);

    // Refused before the file is read: what was sent is never looked at.
    const garbage = Buffer.from('neither an image nor sealed');
    expect((await uploadPhoto(app, who, answerId, garbage)).statusCode).toBe(409);
    expect((await uploadPhoto(app, writer, entry, garbage, SEALED)).statusCode).toBe(403);

    expect(await rowsOf(who)).toEqual([]);
    expect(await rowsOf(writer)).toEqual([]);
    expect(photoFiles()).toEqual(before);
  });

  it('returns the photo kept the first time for an upload sent again under its key', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    const key = '&upload_key=queued-before-encryption';
    const first = await uploadPhoto(app, writer, entry, jpeg, key);
    expect(first.statusCode).toBe(200);
    // Encryption turned on meanwhile: the photo was kept before, and is not a second one.
    await turnOn(writer);
    const again = await uploadPhoto(app, writer, entry, jpeg, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().photo).toEqual(first.json().photo);
    expect(await rowsOf(writer)).toHaveLength(1);
  });

  it('refuses what is not a p1 photo (415), one without its size (400) and one too large (413)', async () => {
    const { who, answerId } = await encryptedWriter();
    const before = photoFiles();
    const wrongVersion = Buffer.concat([Buffer.from([0x02]), sealedPhoto().subarray(1)]);
    const notSealed = await uploadPhoto(app, who, answerId, wrongVersion, SEALED);
    expect(notSealed.statusCode).toBe(415);
    expect(notSealed.json().error).toBe(NOT_SEALED);
    // The seal alone, with nothing inside it.
    const empty = Buffer.concat([Buffer.from([0x01]), Buffer.alloc(28)]);
    expect((await uploadPhoto(app, who, answerId, empty, SEALED)).statusCode).toBe(415);
    // An image sent as sealed is not one either.
    expect((await uploadPhoto(app, who, answerId, jpeg, SEALED)).statusCode).toBe(415);

    for (const query of ['&encrypted=true', '&encrypted=true&width=640', '&width=640&height=480']) {
      const unsized = await uploadPhoto(app, who, answerId, sealedPhoto(), query);
      expect(unsized.statusCode, query).toBe(400);
    }
    // The largest a sealed photo may be is a photo's bytes and the seal; a byte more is too large.
    const tooBig = sealedPhoto(MAX_PHOTO_BYTES + 1);
    expect((await uploadPhoto(app, who, answerId, tooBig, SEALED)).statusCode).toBe(413);
    const largest = sealedPhoto(MAX_PHOTO_BYTES);
    expect(largest.length).toBe(MAX_PHOTO_BYTES + 29);
    expect((await uploadPhoto(app, who, answerId, largest, SEALED)).statusCode).toBe(200);

    const rows = await rowsOf(who);
    expect(rows).toHaveLength(1);
    expect(photoFiles()).toEqual([...before, rows[0]?.storage_key].sort());
  });

  it('replaces a photo in the other form, keeping its id and place and removing the old file', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    await uploadPhoto(app, writer, entry, jpeg);
    const second = (await uploadPhoto(app, writer, entry, jpeg)).json().photo;
    const wordsKey = await keyOf(second.id);
    await turnOn(writer);

    const content = sealedPhoto(500);
    const sealed = await replacePhoto(app, writer, second.id, content, SEALED);
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.json().photo).toEqual({
      ...second,
      width: 640,
      height: 480,
      bytes: content.length,
      encrypted: true,
    });
    const sealedKey = await keyOf(second.id);
    expect(sealedKey).toMatch(/\.p1$/);
    expect(fileOf(sealedKey).equals(content)).toBe(true);
    expect(photoFiles()).not.toContain(wordsKey);
    const served = await getPhoto(app, writer, second.url);
    expect(served.headers['content-type']).toBe('application/octet-stream');

    // Turning off: the image in words again, while the account still has its bundle.
    const words = await replacePhoto(app, writer, second.id, jpeg, '&keep_metadata=true');
    expect(words.statusCode, words.body).toBe(200);
    expect(words.json().photo).toMatchObject({ id: second.id, position: 1, width: 300 });
    expect(words.json().photo).not.toHaveProperty('encrypted');
    expect(photoFiles()).not.toContain(sealedKey);
    expect((await getPhoto(app, writer, second.url)).headers['content-type']).toBe('image/webp');
    const listed = await post(app, '/api/answer/photos', { answer_id: entry }, writer);
    expect(listed.json().photos.map((photo: { id: string }) => photo.id)[1]).toBe(second.id);
  });

  it('keeps one photo and one file when two replaces of it race', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    const { photo } = (await uploadPhoto(app, writer, entry, jpeg)).json();
    const wordsKey = await keyOf(photo.id);
    await turnOn(writer);
    const before = photoFiles().filter((key) => key !== wordsKey);
    // Two tabs sealing the same photo at once: the same size, other bytes.
    const [one, two] = await Promise.all([
      replacePhoto(app, writer, photo.id, sealedPhoto(300), SEALED),
      replacePhoto(app, writer, photo.id, sealedPhoto(300), SEALED),
    ]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    expect(one?.json().photo).toEqual(two?.json().photo);
    // The photo's one file, whichever won; the loser's and the image in words are gone.
    expect(photoFiles()).toEqual([...before, await keyOf(photo.id)].sort());
  });

  it('never leaves a sealed photo behind encryption turned off, however they race', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    const { photo } = (await uploadPhoto(app, writer, entry, jpeg)).json();
    for (let round = 0; round < 15; round += 1) {
      await turnOn(writer);
      // A new sealed photo, a photo in words sealed in its place, and the switch to off.
      await Promise.all([
        uploadPhoto(app, writer, entry, sealedPhoto(), SEALED),
        replacePhoto(app, writer, photo.id, sealedPhoto(), SEALED),
        setBundle(writer, { bundle: null }),
      ]);
      const bundle = (await post(app, '/api/encryption/get', {}, writer)).json().bundle;
      const sealed = (await rowsOf(writer)).filter((row) => Number(row.encrypted) === 1);
      // Either the photos went in and encryption stayed on, or encryption went off without them.
      if (bundle === null) expect(sealed).toEqual([]);
      // Back to a journal in words for the next round.
      for (const { id } of sealed) {
        if (id === photo.id) await replacePhoto(app, writer, id, jpeg);
        else await post(app, '/api/answer/photo/delete', { photo_id: id }, writer);
      }
      await setBundle(writer, { bundle: null });
    }
  });

  it('replaces only the caller’s own photo, and a sealed one only for an encrypted journal', async () => {
    const writer = await signUpThroughApi(app);
    const { photo } = (await uploadPhoto(app, writer, await saveEntry(writer, false), jpeg)).json();
    const key = await keyOf(photo.id);
    const before = photoFiles();
    const { who } = await encryptedWriter();
    const admin = await buildUser(get().db, { admin: true });
    for (const caller of [who, admin]) {
      expect((await replacePhoto(app, caller, photo.id, jpeg)).statusCode).toBe(404);
      expect((await replacePhoto(app, caller, photo.id, sealedPhoto(), SEALED)).statusCode).toBe(
        404,
      );
    }
    expect((await replacePhoto(app, null, photo.id, jpeg)).statusCode).toBe(401);
    expect((await replacePhoto(app, writer, 'nosuchphoto', jpeg)).statusCode).toBe(404);
    // The writer's journal is in words: a sealed photo could never be opened.
    const sealed = await replacePhoto(app, writer, photo.id, sealedPhoto(), SEALED);
    expect(sealed.statusCode).toBe(403);
    expect(sealed.json().error).toBe(PHOTOS_OPEN);
    // Refused before the file is read.
    const garbage = Buffer.from('not sealed');
    expect((await replacePhoto(app, writer, photo.id, garbage, SEALED)).statusCode).toBe(403);
    expect(await keyOf(photo.id)).toBe(key);
    expect(photoFiles()).toEqual(before);
  });

  it('does not turn encryption off while a photo is still sealed', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    await turnOn(writer);
    // The entry is in words; only its photo is sealed.
    const { photo } = (await uploadPhoto(app, writer, entry, sealedPhoto(), SEALED)).json();
    const off = await setBundle(writer, { bundle: null });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(STILL_ENCRYPTED);
    expect((await post(app, '/api/encryption/get', {}, writer)).json().bundle).not.toBeNull();

    expect((await replacePhoto(app, writer, photo.id, jpeg)).statusCode).toBe(200);
    expect((await setBundle(writer, { bundle: null })).json()).toEqual({ bundle: null });
  });

  it('deletes the sealed photos and their files when the key is forfeited, and keeps the rest', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    const kept = (await uploadPhoto(app, writer, entry, jpeg)).json().photo;
    await turnOn(writer);
    const onPlainEntry = (await uploadPhoto(app, writer, entry, sealedPhoto(), SEALED)).json();
    const sealedEntryId = await saveEntry(writer, true);
    const onSealedEntry = (
      await uploadPhoto(app, writer, sealedEntryId, sealedPhoto(), SEALED)
    ).json().photo;
    const sealedKeys = [await keyOf(onPlainEntry.photo.id), await keyOf(onSealedEntry.id)];
    const keptKey = await keyOf(kept.id);

    const forfeited = await setBundle(writer, { bundle: null, forfeit: true });
    expect(forfeited.json()).toEqual({ bundle: null });
    expect((await rowsOf(writer)).map((row) => row.id)).toEqual([kept.id]);
    for (const key of sealedKeys) expect(photoFiles()).not.toContain(key);
    expect(photoFiles()).toContain(keptKey);
    expect((await getPhoto(app, writer, kept.url)).statusCode).toBe(200);
  });

  it('shares an encrypted entry with its photos without any public copy of a sealed one', async () => {
    const { who, answerId } = await encryptedWriter();
    await uploadPhoto(app, who, answerId, sealedPhoto(), SEALED);
    const pictures = path.join(dataDir, 'pictures');
    const picturesBefore = fs.existsSync(pictures) ? fs.readdirSync(pictures) : [];
    const shared = await post(
      app,
      '/api/answer/share',
      { answer_id: answerId, anonymous: false, photos: true, text: 'Shared on purpose' },
      who,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    const feed = await post(app, '/api/answer/shared', { page: 1 });
    const card = feed
      .json()
      .sharedAnswers.find((answer: { _id: string }) => answer._id === answerId);
    expect(card.text).toBe('Shared on purpose');
    expect(card.photos).toBeUndefined();
    expect(fs.existsSync(pictures) ? fs.readdirSync(pictures) : []).toEqual(picturesBefore);
  });

  it('publishes a sealed photo of a shared entry from the image its device opened, and only then', async () => {
    const { who, answerId } = await encryptedWriter();
    const photo = (await uploadPhoto(app, who, answerId, sealedPhoto(), SEALED)).json().photo;
    const pictures = path.join(dataDir, 'pictures');
    const publicFiles = () => (fs.existsSync(pictures) ? fs.readdirSync(pictures).sort() : []);
    const before = publicFiles();
    const publish = (by: SignedUp, id: string, image: Buffer = jpeg) => {
      const form = photoForm(image);
      return app.inject({
        method: 'POST',
        url: `/api/answer/photo/publish?photo_id=${id}`,
        payload: form.payload,
        headers: { ...form.headers, cookie: by.cookie },
      });
    };
    const card = async () =>
      (await post(app, '/api/answer/shared', { page: 1 }))
        .json()
        .sharedAnswers.find((answer: { _id: string }) => answer._id === answerId);

    // Not shared yet: refused, and nothing is left behind.
    const early = await publish(who, photo.id);
    expect([early.statusCode, early.json().error]).toEqual([409, ENTRY_NOT_SHARED]);
    expect(publicFiles()).toEqual(before);

    const share = { answer_id: answerId, anonymous: false, photos: true, text: 'Out loud' };
    expect((await post(app, '/api/answer/share', share, who)).statusCode).toBe(200);
    // Someone else cannot publish it; nor what is not an image.
    const stranger = await signUpThroughApi(app);
    expect((await publish(stranger, photo.id)).statusCode).toBe(404);
    expect((await publish(who, photo.id, Buffer.from('not a picture'))).statusCode).toBe(415);

    const published = await publish(who, photo.id);
    expect(published.statusCode, published.body).toBe(200);
    expect((await card()).photos).toEqual([{ url: expect.any(String), width: 300, height: 200 }]);
    const first = (await card()).photos[0].url as string;
    // Re-encoded without the camera's details.
    const copy = fs.readFileSync(path.join(pictures, path.basename(first)));
    expect(copy.subarray(8, 12).toString()).toBe('WEBP');
    expect(copy.includes(Buffer.from('TestCam'))).toBe(false);

    // Sent again: one copy, the earlier file gone.
    expect((await publish(who, photo.id)).statusCode).toBe(200);
    const again = (await card()).photos;
    expect(again).toHaveLength(1);
    expect(again[0].url).not.toBe(first);
    expect(publicFiles()).toEqual([...before, path.basename(again[0].url)].sort());

    // Taken back: its copies leave the world with it.
    expect((await post(app, '/api/answer/unshare', { answer_id: answerId }, who)).statusCode).toBe(
      200,
    );
    expect(publicFiles()).toEqual(before);
  });

  it('publishes from the device only a sealed photo: one in words goes with the share', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    const plain = (await uploadPhoto(app, writer, entry, jpeg)).json().photo;
    const form = photoForm(jpeg);
    const published = await app.inject({
      method: 'POST',
      url: `/api/answer/photo/publish?photo_id=${plain.id}`,
      payload: form.payload,
      headers: { ...form.headers, cookie: writer.cookie },
    });
    expect([published.statusCode, published.json().error]).toEqual([409, NOT_SEALED_TO_PUBLISH]);
  });

  it('leaves sealed photos out of the server’s Markdown export, and names none it left out', async () => {
    const writer = await signUpThroughApi(app);
    const entry = await saveEntry(writer, false);
    const plain = (await uploadPhoto(app, writer, entry, jpeg)).json().photo;
    await turnOn(writer);
    const sealed = (await uploadPhoto(app, writer, entry, sealedPhoto(), SEALED)).json().photo;

    const zip = await post(app, '/api/user/export/markdown', {}, writer);
    expect(zip.statusCode).toBe(200);
    const files = await unzip(zip.rawPayload);
    const names = [...files.keys()].sort();
    const markdown = names.find((name) => name.endsWith('.md')) ?? '';
    const base = markdown.replace(/^muse-answers\//, '').replace(/\.md$/, '');
    expect(names).toEqual([markdown, `muse-answers/photos/${base}-1.webp`]);
    const text = files.get(markdown)?.toString('utf8') ?? '';
    expect(text).toContain(`![Photo 1](photos/${base}-1.webp)`);
    expect(text).not.toContain('Photo 2');

    // The JSON export lists both, the sealed one saying so.
    const json = await post(app, '/api/user/export', {}, writer);
    expect(json.statusCode).toBe(200);
    expect(json.json().photos).toEqual([plain, sealed]);
    expect(sealed.encrypted).toBe(true);
  });

  it('lists every photo of the caller’s, entry by entry, and no one else’s', async () => {
    const ada = await signUpThroughApi(app);
    const bea = await signUpThroughApi(app);
    const adas = [];
    for (const entry of [await saveEntry(ada, false), await saveEntry(ada, false)]) {
      adas.push((await uploadPhoto(app, ada, entry, jpeg)).json().photo);
    }
    const beas = [(await uploadPhoto(app, bea, await saveEntry(bea, false), jpeg)).json().photo];
    const byId = (photos: { id: string }[]) => [...photos].sort((a, b) => (a.id < b.id ? -1 : 1));
    const listed = (await post(app, '/api/user/photos', {}, ada)).json().photos;
    expect(byId(listed)).toEqual(byId(adas));
    expect((await post(app, '/api/user/photos', {}, bea)).json().photos).toEqual(beas);
    const nobody = await buildUser(get().db);
    expect((await post(app, '/api/user/photos', {}, nobody)).json()).toEqual({ photos: [] });
    expect((await post(app, '/api/user/photos', {})).statusCode).toBe(401);
  });
});
