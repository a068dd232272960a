import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Answer } from '#shared/api/answers.ts';
import type { ImportSummary } from '#shared/api/transfer.ts';
import { ENCRYPTED_PLACEHOLDER } from '#shared/domain/markdown-format.ts';
import { type SignedUp, signUpThroughApi } from '#tests/support/accounts.ts';
import { post, unique } from '#tests/support/factories.ts';
import { keyBundle, sealedEntry } from '#tests/support/key-bundle.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { multipart, zipOf } from './import-fixtures.ts';
import { SKIP } from './import-sources.ts';
import { SEALED_INTO_PLAIN, WORDS_INTO_ENCRYPTED } from './transfer.service.ts';
import { readZip } from './zip-reader.ts';

// Issue 37 point 4 on the server's side of export and import (docs/ENCRYPTION.md): an encrypted
// journal takes only entries sealed on a device (a Müse JSON file), refuses words with a 409, and
// its Markdown export never passes ciphertext off as words.

describeEachDatabase('transfer with encryption on', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const turnOn = async (who: SignedUp) => {
    const set = await post(
      app,
      '/api/encryption/set',
      { bundle: keyBundle(), password: who.password },
      who,
    );
    expect(set.statusCode).toBe(200);
  };
  const upload = (who: SignedUp, url: string, name: string, content: Buffer) => {
    const body = multipart(name, content);
    return app.inject({
      method: 'POST',
      url: `${url}?timeZone=UTC`,
      payload: body.payload,
      headers: { ...body.headers, cookie: who.cookie },
    });
  };
  const rows = (userId: string) =>
    get()
      .db.selectFrom('answers')
      .select(['text', 'tags', 'encrypted', 'score', 'shared', 'shared_text', 'import_key'])
      .where('user_id', '=', userId)
      .orderBy('answered')
      .execute();
  const userId = async (who: SignedUp) =>
    (await post(app, '/api/user', {}, who)).json<{ user: { _id: string; score: number } }>().user;
  const museJson = (answers: Record<string, unknown>[]) =>
    Buffer.from(JSON.stringify({ exported: new Date().toISOString(), answers }));
  const sealedAnswer = (day: number, extra: Record<string, unknown> = {}) => ({
    prompt_id: null,
    prompt_title: 'Journal',
    text: sealedEntry(),
    type: 'paragraph',
    categories: [],
    answered: `2026-01-0${day}T12:00:00.000Z`,
    modified: `2026-01-0${day}T12:00:00.000Z`,
    shared: false,
    sharedOn: null,
    anonymous: false,
    encrypted: true,
    score: 7,
    ...extra,
  });

  it('imports entries sealed on the device as they are, once, scored by the device', async () => {
    const ada = await signUpThroughApi(app);
    await turnOn(ada);
    const file = museJson([
      sealedAnswer(1),
      sealedAnswer(2, { sharedText: 'The world sees these words.', shared: true, score: 5 }),
      // Tags outside a sealed entry are not kept: its tags are inside it.
      sealedAnswer(3, { tags: ['loose'], importKey: 'dayone:ABC123' }),
      // Not an encrypted entry, or no score: not an entry.
      sealedAnswer(4, { text: 'plain words claiming to be sealed' }),
      sealedAnswer(5, { score: undefined }),
    ]);
    const previewed = await upload(ada, '/api/user/import/preview', 'sealed.json', file);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json<{ preview: ImportSummary }>().preview).toMatchObject({
      format: 'muse-json',
      entries: 3,
      skipped: [{ reason: SKIP.notAnEntry, count: 2 }],
    });
    const imported = await upload(ada, '/api/user/import', 'sealed.json', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<{ imported: ImportSummary }>().imported.entries).toBe(3);
    const user = await userId(ada);
    const stored = await rows(user._id);
    expect(stored.map((r) => [Number(r.encrypted), r.score, r.tags])).toEqual([
      [1, 7, '[]'],
      [1, 5, '[]'],
      [1, 7, '[]'],
    ]);
    expect(stored.every((r) => /^e1\./.test(r.text))).toBe(true);
    // The shared one's world copy is the words its device sent, by the person's choice.
    expect([Number(stored[1]?.shared), stored[1]?.shared_text]).toEqual([
      1,
      'The world sees these words.',
    ]);
    // Keyed by Day One's own id, or by its ciphertext: no hash of the words is kept.
    expect(stored[2]?.import_key).toBe('dayone:ABC123');
    expect(stored[0]?.import_key).toMatch(/^sha256:/);
    expect(user.score).toBe(19);
    const answers = (await post(app, '/api/user/export', {}, ada)).json<{ answers: Answer[] }>()
      .answers;
    expect(answers.every((a) => a.encrypted === true)).toBe(true);

    // The same file again (a retried upload) adds nothing.
    const again = await upload(ada, '/api/user/import', 'sealed.json', file);
    expect(again.json<{ imported: ImportSummary }>().imported.entries).toBe(0);
    expect(await rows(user._id)).toHaveLength(3);
  });

  it('refuses words for an encrypted journal (409) and sealed entries for a plain one (403)', async () => {
    const ada = await signUpThroughApi(app);
    await turnOn(ada);
    const words = museJson([
      { ...sealedAnswer(1), text: 'Words for the server', encrypted: undefined },
    ]);
    const markdown = await zipOf([['notes/2026-03-04-walk.md', 'A walk by the river.\n']]);
    // One sealed entry does not carry a file of words in with it.
    const mixed = museJson([
      sealedAnswer(1),
      { ...sealedAnswer(2), text: 'Words', encrypted: false },
    ]);
    for (const [name, content] of [
      ['words.json', words],
      ['notes.zip', markdown],
      ['mixed.json', mixed],
    ] as const) {
      for (const url of ['/api/user/import/preview', '/api/user/import']) {
        const refused = await upload(ada, url, name, content);
        expect(refused.statusCode, `${url} ${name}`).toBe(409);
        expect(refused.json().error).toBe(WORDS_INTO_ENCRYPTED);
      }
    }
    expect(await rows((await userId(ada))._id)).toEqual([]);

    const bea = await signUpThroughApi(app);
    const sealed = await upload(
      bea,
      '/api/user/import',
      'sealed.json',
      museJson([sealedAnswer(1)]),
    );
    expect(sealed.statusCode).toBe(403);
    expect(sealed.json().error).toBe(SEALED_INTO_PLAIN);
    expect(await rows((await userId(bea))._id)).toEqual([]);
  });

  it('exports an encrypted entry as Markdown with a placeholder, never its ciphertext', async () => {
    const ada = await signUpThroughApi(app);
    const plain = { _id: unique('w'), prompt_title: 'Words', text: 'Plain words stay words' };
    expect((await post(app, '/api/answer/save', { answer: plain }, ada)).statusCode).toBe(200);
    await turnOn(ada);
    const text = sealedEntry();
    const answer = { _id: unique('s'), prompt_title: 'Sealed', text, encrypted: true, score: 4 };
    expect((await post(app, '/api/answer/save', { answer }, ada)).statusCode).toBe(200);

    const response = await post(app, '/api/user/export/markdown', {}, ada);
    expect(response.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-md-'));
    const file = path.join(dir, 'export.zip');
    fs.writeFileSync(file, response.rawPayload);
    const zip = await readZip(file);
    const files = new Map<string, string>();
    for (const entry of zip.entries) {
      const parts: Buffer[] = [];
      for await (const chunk of await entry.open()) parts.push(chunk as Buffer);
      files.set(entry.name, Buffer.concat(parts).toString('utf8'));
    }
    zip.close();
    fs.rmSync(dir, { recursive: true });
    const sealedFile = [...files].find(([name]) => name.includes('sealed'))?.[1] ?? '';
    expect(sealedFile).toContain('encrypted: true');
    expect(sealedFile).toContain(ENCRYPTED_PLACEHOLDER);
    expect(sealedFile).not.toContain(text.split('.')[2]);
    expect([...files.values()].join('\n')).not.toContain('e1.');
    expect([...files.values()].join('\n')).toContain('Plain words stay words');

    // Imported elsewhere, the placeholder is skipped as what it is, not taken for words.
    const bea = await signUpThroughApi(app);
    const imported = await upload(bea, '/api/user/import', 'export.zip', response.rawPayload);
    expect(imported.json<{ imported: ImportSummary }>().imported).toMatchObject({
      entries: 1,
      skipped: [{ reason: SKIP.encrypted, count: 1 }],
    });
  });
});
