import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { watchPageErrors } from './support/browser.ts';
import { type ServerAnswer, serverAnswers, writeJournal } from './support/journal.ts';
import { screenshotEveryWay, waitForSession } from './support/page.ts';
import { PASSWORD, savedUser } from './support/people.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 37's Done when, "export and re-import work with encryption on", as a person does it: an
// encrypted journal's JSON and Markdown exports hold the words (opened on the device, never
// ciphertext); the JSON export imported into another encrypted journal is encrypted on that
// device before it is sent, stored sealed, and read back as words; the same words again, from
// the Markdown zip, add nothing.

const SHOTS = '/tmp/shots-encrypted-transfer';
const CANARY = 'Canary-Xt4p-harbour-lights-at-dusk';
const BEFORE = 'Written before the switch: the orchard in bloom.';

let server: RunningServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-e2e-crypt-transfer-'));

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A new person, signed up, with encryption turned on in settings. */
async function encryptedPerson(browser: Browser, name: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${server.origin}/login?mode=signup`);
  await waitForSession(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect.poll(async () => (await savedUser(page))?.name).toBe(name);
  return { context, page, errors };
}

async function turnOnEncryption(page: Page): Promise<void> {
  await page.goto(`${server.origin}/userSettings`);
  const card = page.getByRole('region', { name: 'Encryption' });
  await card.getByLabel('Password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Encrypt my private entries' }).click();
  const shown = page.getByRole('region', { name: 'Your recovery key' });
  await shown.getByRole('button', { name: 'I have saved it' }).click({ timeout: 30_000 });
  await expect(card).toContainText('Your private entries are encrypted');
}

/** Clicks `button` on the profile and keeps what it downloads; its bytes. */
async function download(page: Page, button: string, file: string): Promise<Buffer> {
  await page.goto(`${server.origin}/userProfile`);
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const where = path.join(dir, file);
  await saved.saveAs(where);
  return fs.readFileSync(where);
}

test('an encrypted journal exports its words and imports them encrypted on the device', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ada = await encryptedPerson(browser, 'Quill');
  await writeJournal(ada.page, server.origin, BEFORE);
  await expect.poll(async () => (await serverAnswers(ada.page)).length).toBe(1);
  await turnOnEncryption(ada.page);
  await writeJournal(ada.page, server.origin, CANARY, true);
  await expect
    .poll(async () => (await serverAnswers(ada.page)).filter((a) => a.encrypted).length)
    .toBe(2);

  // The JSON export: the words, opened on this device; no ciphertext, nothing marked encrypted.
  const json = (await download(ada.page, 'Export my data (JSON)', 'export.json')).toString();
  const exported = JSON.parse(json) as { answers: ServerAnswer[] };
  expect(exported.answers.map((a) => a.text).sort()).toEqual([BEFORE, CANARY].sort());
  expect(json).not.toContain('"e1.');
  expect(exported.answers.some((a) => a.encrypted)).toBe(false);

  // The Markdown zip, built on this device (stored, so its words are in its bytes as they are).
  const zip = await download(ada.page, 'Export as Markdown (zip)', 'answers.zip');
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  const zipText = zip.toString('utf8');
  expect(zipText).toContain(CANARY);
  expect(zipText).toContain(BEFORE);
  expect(zipText).toMatch(/muse-answers\/\d{4}-\d{2}-\d{2}-[a-z0-9-]+-2\.md/);
  expect(zipText).not.toContain('e1.');
  expect(zipText).not.toContain('encrypted: true');
  expect(ada.errors).toEqual([]);
  await ada.context.close();

  // Another encrypted journal imports the JSON export: the preview counts the words...
  const bea = await encryptedPerson(browser, 'Stylus');
  await turnOnEncryption(bea.page);
  // The file is read on this device: nothing the page sends holds its words unsealed. Every
  // body the page fetches with is kept as text, the files of a multipart one read out (the
  // browser's own request events do not carry a file's bytes).
  await bea.page.addInitScript(() => {
    const keep = (text: string) => {
      const sent = JSON.parse(sessionStorage.getItem('sent-bodies') ?? '[]') as string[];
      sessionStorage.setItem('sent-bodies', JSON.stringify([...sent, text]));
    };
    const fetched = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const body = init?.body;
      if (body instanceof FormData) {
        for (const value of body.values())
          keep(typeof value === 'string' ? value : await value.text());
      } else if (typeof body === 'string') keep(body);
      return fetched(input, init);
    };
  });
  await bea.page.goto(`${server.origin}/userProfile`);
  await bea.page.getByLabel('Import answers…').setInputFiles(path.join(dir, 'export.json'));
  const card = bea.page.getByRole('main').getByRole('status').getByRole('region');
  await expect(card).toContainText('2 entries from');
  await screenshotEveryWay(bea.page, SHOTS, 'preview');
  expect(await serverAnswers(bea.page)).toEqual([]);
  await card.getByRole('button', { name: 'Import 2 entries' }).click();
  await expect(card).toContainText('Imported 2 entries');

  // ...and the server holds them encrypted: no words in any answer it gives.
  const stored = await serverAnswers(bea.page);
  expect(stored).toHaveLength(2);
  expect(stored.every((a) => a.encrypted === true && a.text.startsWith('e1.'))).toBe(true);
  const raw = await bea.page.request.post(`${server.origin}/api/user/answers`, {
    data: { _id: (await savedUser(bea.page))?._id },
  });
  expect(await raw.text()).not.toContain(CANARY);

  // My answers reads them as words.
  await bea.page.goto(`${server.origin}/past`);
  await expect(bea.page.getByText(CANARY)).toBeVisible();
  await expect(bea.page.getByText(BEFORE)).toBeVisible();

  // The same words again, from the Markdown zip: nothing new.
  await bea.page.goto(`${server.origin}/userProfile`);
  await bea.page.getByLabel('Import answers…').setInputFiles(path.join(dir, 'answers.zip'));
  await expect(card).toContainText('Nothing new to import from Markdown files.');
  await expect(card).toContainText('2 entries skipped: already in your journal');
  await screenshotEveryWay(bea.page, SHOTS, 'nothing-new');
  expect(await serverAnswers(bea.page)).toHaveLength(2);
  const sent = await bea.page.evaluate(
    () => JSON.parse(sessionStorage.getItem('sent-bodies') ?? '[]') as string[],
  );
  expect(sent.filter((body) => body.includes(CANARY) || body.includes(BEFORE))).toEqual([]);
  expect(sent.filter((body) => body.includes('"encrypted":true'))).toHaveLength(1);
  expect(bea.errors).toEqual([]);
  await bea.context.close();
});
