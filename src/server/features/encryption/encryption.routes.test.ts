import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logIn, type SignedUp, signUpThroughApi } from '#tests/support/accounts.ts';
import { post, todayFields, unique } from '#tests/support/factories.ts';
import { keyBundle, passkeyWrap, sealedEntry } from '#tests/support/key-bundle.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { ENCRYPTION_OFF, ENCRYPTION_ON } from '../answers/answers.service.ts';
import { REWRAP_NEEDED } from '../auth/recovery.service.ts';
import { NEEDS_WORDS } from '../world/world.service.ts';
import { STILL_ENCRYPTED } from './encryption.service.ts';

// Issue 37, the server's half (docs/ENCRYPTION.md): it keeps an account's key bundle behind the
// password, stores encrypted entries as they come without reading them, and never lets their
// ciphertext become the world's copy.

describeEachDatabase('encrypted entries on the server', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const save = (who: SignedUp, answer: Record<string, unknown>) =>
    post(app, '/api/answer/save', { answer: { prompt_title: 'Journal', ...answer } }, who);
  const turnOn = async (who: SignedUp) => {
    const bundle = keyBundle();
    const set = await post(app, '/api/encryption/set', { bundle, password: who.password }, who);
    expect(set.statusCode).toBe(200);
    return bundle;
  };
  const row = (id: string) =>
    get().db.selectFrom('answers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('keeps the key bundle behind the password, for the account only', async () => {
    const ada = await signUpThroughApi(app);
    expect((await post(app, '/api/encryption/get', {}, ada)).json()).toEqual({ bundle: null });
    const bundle = keyBundle();
    const wrong = await post(app, '/api/encryption/set', { bundle, password: 'not it' }, ada);
    expect(wrong.statusCode).toBe(403);
    expect((await post(app, '/api/encryption/get', {}, ada)).json()).toEqual({ bundle: null });

    const set = await post(app, '/api/encryption/set', { bundle, password: ada.password }, ada);
    expect(set.json()).toEqual({ bundle });
    expect((await post(app, '/api/encryption/get', {}, ada)).json()).toEqual({ bundle });
    // Another person sees only their own (none).
    const bea = await signUpThroughApi(app);
    expect((await post(app, '/api/encryption/get', {}, bea)).json()).toEqual({ bundle: null });
    // A bundle that is not one is a 400 that changes nothing.
    const broken = { ...bundle, password: { ...bundle.password, iterations: 1000 } };
    const refused = await post(
      app,
      '/api/encryption/set',
      { bundle: broken, password: ada.password },
      ada,
    );
    expect(refused.statusCode).toBe(400);
    expect((await post(app, '/api/encryption/get', {}, ada)).json()).toEqual({ bundle });
  });

  it('keeps the passkeys in the bundle as sent, and refuses ones that are not passkey wraps', async () => {
    const ada = await signUpThroughApi(app);
    const bundle = { ...keyBundle(), passkeys: [passkeyWrap(), passkeyWrap(64)] };
    const set = await post(app, '/api/encryption/set', { bundle, password: ada.password }, ada);
    expect(set.statusCode).toBe(200);
    expect((await post(app, '/api/encryption/get', {}, ada)).json()).toEqual({ bundle });
    // Adding or removing one is a bundle change like any: the password first.
    const fewer = { ...bundle, passkeys: bundle.passkeys.slice(1) };
    const stolen = await post(app, '/api/encryption/set', { bundle: fewer, password: 'no' }, ada);
    expect(stolen.statusCode).toBe(403);

    const one = passkeyWrap();
    const refusedOnes = [
      { ...one, kdf: 'WebAuthn-PRF+PBKDF2' },
      { ...one, credential: 'not base64url!' },
      { ...one, credential: 'c'.repeat(1365) },
      { ...one, prf: one.salt },
      { ...one, key: `${one.key}AAAA` },
      { ...one, added: 'yesterday' },
    ];
    for (const passkey of refusedOnes) {
      const refused = await post(
        app,
        '/api/encryption/set',
        { bundle: { ...bundle, passkeys: [passkey] }, password: ada.password },
        ada,
      );
      expect(refused.statusCode, JSON.stringify(passkey)).toBe(400);
    }
    const eleven = { ...bundle, passkeys: Array.from({ length: 11 }, () => passkeyWrap()) };
    const tooMany = await post(
      app,
      '/api/encryption/set',
      { bundle: eleven, password: ada.password },
      ada,
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await post(app, '/api/encryption/get', {}, ada)).json()).toEqual({ bundle });
    // A password change carries them with the rewrapped key.
    const rewrapped = { ...keyBundle(), passkeys: bundle.passkeys };
    const changed = await post(
      app,
      '/api/password/change',
      { password: ada.password, newPassword: 'second password', bundle: rewrapped },
      ada,
    );
    expect(changed.statusCode).toBe(200);
    const next = await logIn(app, ada.name, 'second password');
    const after = await post(app, '/api/encryption/get', {}, { cookie: next.cookie ?? '' });
    expect(after.json()).toEqual({ bundle: rewrapped });
  });

  it('stores an encrypted entry as sent, with the score its device counted', async () => {
    const ada = await signUpThroughApi(app);
    const id = unique('sealed');
    const text = sealedEntry();
    // Not before encryption is on for the account.
    const early = await save(ada, { _id: id, text, encrypted: true, score: 3, base_revision: 0 });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toBe(ENCRYPTION_OFF);

    await turnOn(ada);
    const saved = await save(ada, { _id: id, text, encrypted: true, score: 3, base_revision: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().answer).toMatchObject({ text, encrypted: true, score: 3, tags: [] });
    expect(await row(id)).toMatchObject({ text, encrypted: 1, score: 3 });
    const user = await post(app, '/api/user', {}, ada);
    expect(user.json().user.score).toBe(3);

    // Longer than a plain entry may be (four bytes a character, in base64url), within its own cap.
    const long = sealedEntry(45_000);
    expect(long.length).toBeGreaterThan(50_000);
    const grown = await save(ada, { _id: id, text: long, encrypted: true, score: 9000 });
    expect(grown.statusCode).toBe(200);
    expect((await post(app, '/api/user', {}, ada)).json().user.score).toBe(9000);
  });

  it('refuses what is not an encrypted entry, and tags outside one, changing nothing', async () => {
    const ada = await signUpThroughApi(app);
    await turnOn(ada);
    const id = unique('sealed');
    for (const answer of [
      { _id: id, text: 'plain words', encrypted: true },
      { _id: id, text: sealedEntry(), encrypted: true, tags: ['sea'] },
      { _id: id, text: 'x'.repeat(50_001) },
    ]) {
      const refused = await save(ada, answer);
      expect(refused.statusCode).toBe(400);
    }
    const none = await get().db.selectFrom('answers').select('id').where('id', '=', id).execute();
    expect(none).toEqual([]);
  });

  it('turns off only once no entry is encrypted any more', async () => {
    const ada = await signUpThroughApi(app);
    await turnOn(ada);
    const id = unique('sealed');
    await save(ada, { _id: id, text: sealedEntry(), encrypted: true, score: 2, base_revision: 0 });
    const off = await post(
      app,
      '/api/encryption/set',
      { bundle: null, password: ada.password },
      ada,
    );
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(STILL_ENCRYPTED);

    // The device decrypts it and saves the words again; then encryption may go.
    const plain = await save(ada, { _id: id, text: 'the sea in the morning', plain: true });
    expect(plain.json().answer).not.toHaveProperty('encrypted');
    expect(await row(id)).toMatchObject({ text: 'the sea in the morning', encrypted: 0 });
    const offNow = await post(
      app,
      '/api/encryption/set',
      { bundle: null, password: ada.password },
      ada,
    );
    expect(offNow.json()).toEqual({ bundle: null });
    const late = await save(ada, { _id: id, text: sealedEntry(), encrypted: true, score: 2 });
    expect(late.statusCode).toBe(403);
  });

  it('shares an encrypted entry with the words its device sends, never its ciphertext', async () => {
    const ada = await signUpThroughApi(app);
    await turnOn(ada);
    const id = unique('sealed');
    const text = sealedEntry();
    await save(ada, { _id: id, text, encrypted: true, score: 4, base_revision: 0 });

    const without = await post(app, '/api/answer/share', { answer_id: id, anonymous: false }, ada);
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toBe(NEEDS_WORDS);
    expect((await row(id)).shared).toBe(0);

    const words = 'What the sea said, shared on purpose';
    const shared = await post(
      app,
      '/api/answer/share',
      { answer_id: id, anonymous: false, text: words },
      ada,
    );
    expect(shared.statusCode).toBe(200);
    expect(shared.json().answer).toMatchObject({ text, sharedText: words, shared: true });
    const world = await post(app, '/api/answer/shared', { page: 1 });
    const card = world.json().sharedAnswers.find((a: { _id: string }) => a._id === id);
    expect(card.text).toBe(words);
    expect(world.body).not.toContain(text.split('.')[2]);
  });

  it('never leaves an encrypted entry behind encryption turned off, however the two race', async () => {
    const ada = await signUpThroughApi(app);
    for (let round = 0; round < 15; round += 1) {
      await turnOn(ada);
      const id = unique('race');
      // The device's save of a new encrypted entry and the switch to off, at the same moment.
      await Promise.all([
        save(ada, { _id: id, text: sealedEntry(), encrypted: true, score: 1, base_revision: 0 }),
        post(app, '/api/encryption/set', { bundle: null, password: ada.password }, ada),
      ]);
      const bundle = (await post(app, '/api/encryption/get', {}, ada)).json().bundle;
      const encrypted = await get()
        .db.selectFrom('answers')
        .select('id')
        .where('user_id', '=', ada.id)
        .where('encrypted', '=', 1)
        .execute();
      // Either the entry went in and encryption stayed on, or encryption went off and no entry
      // is encrypted.
      if (bundle === null) expect(encrypted).toEqual([]);
      // Back to a plain journal for the next round.
      for (const { id: plain } of encrypted) {
        await save(ada, { _id: plain, text: 'words', plain: true });
      }
      await post(app, '/api/encryption/set', { bundle: null, password: ada.password }, ada);
    }
  });

  it("changes an encrypted account's password only with the key rewrapped for it", async () => {
    const ada = await signUpThroughApi(app);
    const bundle = await turnOn(ada);
    const user = await post(app, '/api/user', { _id: ada.id }, ada);
    expect(user.json().user.encryption).toBe(true);
    const change = { password: ada.password, newPassword: 'second password' };
    const bare = await post(app, '/api/password/change', change, ada);
    expect(bare.statusCode).toBe(409);
    expect(bare.json().error).toBe(REWRAP_NEEDED);
    // Nothing changed: the old password still opens the account, the bundle is the old one.
    expect((await logIn(app, ada.name, ada.password)).status).toBe(200);
    expect((await post(app, '/api/encryption/get', {}, ada)).json()).toEqual({ bundle });

    const rewrapped = keyBundle();
    const changed = await post(app, '/api/password/change', { ...change, bundle: rewrapped }, ada);
    expect(changed.statusCode).toBe(200);
    const next = await logIn(app, ada.name, 'second password');
    expect(next.status).toBe(200);
    const cookie = next.cookie ?? '';
    expect((await post(app, '/api/encryption/get', {}, { cookie })).json()).toEqual({
      bundle: rewrapped,
    });

    // Without encryption a bundle sent along changes nothing but the password.
    const bea = await signUpThroughApi(app);
    const plain = await post(
      app,
      '/api/password/change',
      { password: bea.password, newPassword: 'second password', bundle: keyBundle() },
      bea,
    );
    expect(plain.statusCode).toBe(200);
    const beaNext = await logIn(app, bea.name, 'second password');
    const beaBundle = await post(app, '/api/encryption/get', {}, { cookie: beaNext.cookie ?? '' });
    expect(beaBundle.json()).toEqual({ bundle: null });
  });

  it('refuses words for an encrypted account, online and offline, unless sent as words on purpose', async () => {
    const ada = await signUpThroughApi(app);
    const id = unique('before');
    expect(
      (await save(ada, { _id: id, text: 'written before', base_revision: 0 })).statusCode,
    ).toBe(200);
    await turnOn(ada);
    // A device that has not heard: its words change nothing and it is told why.
    const stale = await save(ada, { _id: id, text: 'a secret, stale device', base_revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: ENCRYPTION_ON });
    const fresh = unique('fresh');
    expect((await save(ada, { _id: fresh, text: 'another secret' })).statusCode).toBe(409);
    const record = {
      offline: {
        beenOffline: true,
        answered: [{ _id: unique('offline'), prompt_title: 'Journal', text: 'an offline secret' }],
      },
      ...todayFields(),
    };
    const offline = await post(app, '/api/offline/save', record, ada);
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toBe(ENCRYPTION_ON);
    const rows = await get()
      .db.selectFrom('answers')
      .select(['id', 'text'])
      .where('user_id', '=', ada.id)
      .execute();
    expect(rows).toEqual([{ id, text: 'written before' }]);
    // Sent as words on purpose (a device turning encryption off), they are taken.
    const meant = await save(ada, {
      _id: id,
      text: 'back to words',
      base_revision: 1,
      plain: true,
    });
    expect(meant.statusCode).toBe(200);
  });

  it('lets a person who lost every key delete the encrypted entries and go on, with the password', async () => {
    const ada = await signUpThroughApi(app);
    const plain = unique('plain');
    await save(ada, { _id: plain, text: 'words before', base_revision: 0 });
    await turnOn(ada);
    const sealed = unique('sealed');
    await save(ada, {
      _id: sealed,
      text: sealedEntry(),
      encrypted: true,
      score: 2,
      base_revision: 0,
    });
    const forfeit = { bundle: null, forfeit: true };
    const wrong = await post(app, '/api/encryption/set', { ...forfeit, password: 'not it' }, ada);
    expect(wrong.statusCode).toBe(403);
    expect((await row(sealed)).encrypted).toBe(1);

    const done = await post(
      app,
      '/api/encryption/set',
      { ...forfeit, password: ada.password },
      ada,
    );
    expect(done.json()).toEqual({ bundle: null });
    const left = await get()
      .db.selectFrom('answers')
      .select('id')
      .where('user_id', '=', ada.id)
      .execute();
    expect(left).toEqual([{ id: plain }]);
    // Gone for good: a device's late save of it is refused, and writing goes on as words.
    expect((await save(ada, { _id: sealed, text: 'late' })).statusCode).toBe(410);
    expect((await save(ada, { _id: unique('after'), text: 'a new start' })).statusCode).toBe(200);
  });

  it('takes an encrypted entry sent again, sealed afresh, as a replay: no conflict, no second entry', async () => {
    const ada = await signUpThroughApi(app);
    await turnOn(ada);
    const id = unique('replay');
    const modified = '2026-11-28T10:00:00.000Z';
    const first = sealedEntry();
    const entry = { _id: id, encrypted: true, score: 2, modified, base_revision: 0 };
    expect((await save(ada, { ...entry, text: first })).statusCode).toBe(200);
    // Its answer lost, the device reloads and seals the same words again: other ciphertext.
    const again = await save(ada, { ...entry, text: sealedEntry() });
    expect(again.statusCode).toBe(200);
    expect(again.json().answer).toMatchObject({ text: first, revision: 1 });
    const record = {
      offline: {
        beenOffline: true,
        answered: [{ prompt_title: 'Journal', ...entry, text: sealedEntry() }],
      },
      ...todayFields(),
    };
    const synced = await post(app, '/api/offline/save', record, ada);
    expect(synced.statusCode).toBe(200);
    expect(synced.json().copies ?? []).toEqual([]);
    const rows = await get()
      .db.selectFrom('answers')
      .select(['id', 'text'])
      .where('user_id', '=', ada.id)
      .execute();
    expect(rows).toEqual([{ id, text: first }]);
    // A later version (another stamp) from the old revision is a real conflict, as for words.
    const later = await save(ada, {
      ...entry,
      modified: '2026-11-28T11:00:00.000Z',
      text: sealedEntry(),
    });
    expect(later.statusCode).toBe(409);
  });
});
