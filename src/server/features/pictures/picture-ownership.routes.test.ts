import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { uploadPicture } from '#tests/support/pictures.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { joinedAnonymousShareOf, sharedAnswerOf } from '../answers/answer-fixtures.ts';

// Issue 13 point 3: nobody can delete or claim another person's picture.
describeEachDatabase('picture ownership', (get) => {
  let app: FastifyInstance;
  let dataDir: string;
  let clientDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-pictures-'));
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Müse</title>');
    app = await buildTestApp(get().db, { dataDir }, { clientDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const setPicture = (user: TestUser, url: string) =>
    post(app, '/api/user/profilePicture', { _id: user.id, profilePicture: url }, user);
  const fetchUrl = (url: string) => app.inject({ method: 'GET', url });
  const pictureOf = async (user: TestUser) =>
    (await post(app, '/api/user', { _id: user.id }, user)).json().user.profilePicture;

  it("cannot claim, and so cannot delete, someone else's picture", async () => {
    const alice = await buildUser(get().db);
    const mallory = await buildUser(get().db);
    const alicePicture = await uploadPicture(app, alice);
    expect((await setPicture(alice, alicePicture)).statusCode).toBe(200);

    const claim = await setPicture(mallory, alicePicture);
    expect(claim.statusCode).toBe(403);
    expect(await pictureOf(mallory)).toBe('');
    // On main the claim stood, and replacing it removed Alice's file.
    const own = await uploadPicture(app, mallory, '#aa0000');
    expect((await setPicture(mallory, own)).statusCode).toBe(200);
    expect((await fetchUrl(alicePicture)).statusCode).toBe(200);
    expect(await pictureOf(alice)).toBe(alicePicture);
  });

  it('refuses a well-formed picture URL nobody uploaded', async () => {
    const user = await buildUser(get().db);
    const response = await setPicture(user, '/media/pictures/neverUploaded123.webp');
    expect(response.statusCode).toBe(400);
    expect(await pictureOf(user)).toBe('');
  });

  it('replacing a picture removes the old file, and a missing picture is a 404', async () => {
    const user = await buildUser(get().db);
    const first = await uploadPicture(app, user);
    const second = await uploadPicture(app, user, '#00aa00');
    expect((await setPicture(user, first)).statusCode).toBe(200);
    expect((await setPicture(user, second)).statusCode).toBe(200);
    const gone = await fetchUrl(first);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toContain('text/html');
    expect((await fetchUrl(second)).statusCode).toBe(200);
    // Its record went with the file: the old URL cannot be set again.
    expect((await setPicture(user, first)).statusCode).toBe(400);
  });

  it('answers 404 for any missing asset-like path, and index.html for client routes', async () => {
    for (const url of [
      '/media/pictures/missing.webp',
      '/assets/index-missing.js',
      '/assets/missing.css',
      '/favicon-missing.png',
    ]) {
      const response = await fetchUrl(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<title>');
    }
    const route = await fetchUrl('/answer/journal/abc123');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Müse</title>');
  });

  it("the feed shows the owner's current picture on named shares, none on anonymous ones", async () => {
    const author = await buildUser(get().db);
    const before = await uploadPicture(app, author);
    expect((await setPicture(author, before)).statusCode).toBe(200);
    const named = await sharedAnswerOf(app, author);
    const anonymous = await joinedAnonymousShareOf(app, author);
    const after = await uploadPicture(app, author, '#0000aa');
    expect((await setPicture(author, after)).statusCode).toBe(200);

    const feed: { _id: string; profilePicture: string | null }[] = (
      await post(app, '/api/answer/shared', { page: 1 })
    ).json().sharedAnswers;
    expect(feed.find((a) => a._id === named)?.profilePicture).toBe(after);
    expect(feed.find((a) => a._id === anonymous)?.profilePicture).toBeNull();
    const profile = (await post(app, '/api/user/other', { _id: author.id })).json().user;
    expect(profile.sharedAnswers[0].profilePicture).toBe(after);
  });
});
