import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import openapiTS from 'openapi-typescript';
import { afterAll, expect, it } from 'vitest';
import { openApiDocument } from './openapi.ts';

// Issue 36: a client generated from /api/openapi.json compiles, with the project's TypeScript,
// and its types are the ones a script or the iOS app needs: named shapes (Answer, FeedAnswer,
// User…), each call's answer and each error's body and headers. openapi-typescript 6 generates
// (7 needs TypeScript 5's compiler API, which TypeScript 7 does not ship: decision 063).

const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin/tsc',
);

/** What a script written against the generated client would do; must compile as it is. */
const USE = `import type { components, paths } from './muse-api.ts';

type Schemas = components['schemas'];
type Answer = Schemas['Answer'];
type Save = paths['/api/answer/save']['post'];

const answer: Answer = {
  _id: 'a1', user_id: 'u1', user_name: 'Ana', prompt_id: null, prompt_title: 'Journal',
  answered: '2026-11-27T10:00:00.000Z', modified: '2026-11-27T10:00:00.000Z', text: 'Words',
  type: 'paragraph', categories: [], shared: false, sharedOn: null, anonymous: false, likes: 0,
  likers: [], reported: false, score: 1, profilePicture: null,
};
const body: Save['requestBody']['content']['application/json'] = {
  answer: { _id: 'a1', prompt_title: 'Journal', text: 'Words', base_revision: 3 },
};
const saved: Save['responses'][200]['content']['application/json'] = { answer };
const stale: Save['responses'][409]['content']['application/json'] = { error: 'Stale', answer };
const refused: Save['responses'][404]['content']['application/json'] = { error: 'No such answer' };
const error: Schemas['Error'] = refused;
const wait: Save['responses'][429]['headers']['Retry-After'] = 30;
const feed: paths['/api/answer/shared']['post']['responses'][200]['content']['application/json'] = {
  sharedAnswers: [],
};
const first: Schemas['FeedAnswer'] | undefined = feed.sharedAnswers[0];
const me: Schemas['User']['name'] = 'Ana';
const prompt: Schemas['Prompt']['status'] = 'approved';
const loves: Schemas['WorldLiveLoves'] = { _id: 'a1', likes: 2 };

// @ts-expect-error: an answer's text is a string
const wrongText: Answer['text'] = 42;
// @ts-expect-error: a prompt's status is one of three words
const wrongStatus: Schemas['Prompt']['status'] = 'pending';
// @ts-expect-error: no such call
type Nothing = paths['/api/nothing'];
// @ts-expect-error: the save's 200 answer holds the answer, not the user
const wrongAnswer: Save['responses'][200]['content']['application/json'] = { user: me };

export { body, saved, stale, error, wait, first, prompt, loves, wrongText, wrongStatus, wrongAnswer };
export type { Nothing };
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-openapi-client-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('generates a typed client from the document that compiles with the project’s TypeScript', async () => {
  const document = openApiDocument() as unknown as Parameters<typeof openapiTS>[0];
  const generated = await openapiTS(document);
  fs.writeFileSync(path.join(dir, 'muse-api.ts'), generated);
  fs.writeFileSync(path.join(dir, 'use.ts'), USE);
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'nodenext',
        allowImportingTsExtensions: true,
        noUnusedLocals: false,
        types: [],
      },
      files: ['use.ts'],
    }),
  );
  const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
}, 60_000);
