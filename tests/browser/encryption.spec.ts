import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import pg from 'pg';
import { createKeyBundle } from '#client/encryption/keys.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { watchPageErrors } from './support/browser.ts';
import {
  answerBox,
  openJournal,
  type ServerAnswer,
  serverAnswers,
  typeAtEnd,
  writeJournal,
} from './support/journal.ts';
import { call, keepRecoveryCodes, screenshotEveryWay, waitForSession } from './support/page.ts';
import { apiUser, PASSWORD, savedUser, signInOnNewDevice } from './support/people.ts';
import { METRICS_TOKEN, type RunningServer, startServer } from './support/server.ts';

// Issue 37's Done when, in a real browser on a real server (SQLite): encryption turned on in
// settings with the warning first and the recovery key shown once; a canary written afterwards is
// nowhere on the server's side — not in muse.db or its WAL, a backup, the log, /metrics or any
// answer but the writer's own ciphertext; a second device signs in and reads it; after the
// password is reset with a recovery code, the recovery key opens the journal again; turning
// encryption off brings every entry back as words.

const SHOTS = '/tmp/shots-encryption';
const CANARY = 'Canary-Zq8v-lighthouse-kept-in-the-dark';
const BEFORE = 'Written before the switch: the garden in the rain.';
const NEW_PASSWORD = 'a password chosen after forgetting';

let server: RunningServer;

test.beforeAll(async () => {
  // Debug logging: the strictest place for a canary to leak into.
  server = await startServer({ LOG_LEVEL: 'debug' });
});
test.afterAll(async () => {
  await server.stop();
});

/** Every file under `dir`, as bytes, that holds `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.readFileSync(file).includes(Buffer.from(needle))) found.push(file);
  }
  return found;
}

function signIn(browser: Browser, name: string, password: string) {
  return signInOnNewDevice(browser, server.origin, name, password);
}

test('encrypts private entries on the device: a canary never reaches the server, a second device and the recovery key open it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = 'Cipher';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = watchPageErrors(page);

  // A person with one entry, written before encryption exists for them.
  await page.goto(`${server.origin}/login?mode=signup`);
  await waitForSession(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill('cipher@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const codes = await keepRecoveryCodes(page);
  await expect.poll(async () => (await savedUser(page))?.name).toBe(name);
  await writeJournal(page, server.origin, BEFORE);
  await expect.poll(async () => (await serverAnswers(page)).length, { timeout: 20_000 }).toBe(1);

  // Settings: the warning before anything happens, then the recovery key, once.
  await page.goto(`${server.origin}/userSettings`);
  const card = page.getByRole('region', { name: 'Encryption' });
  await expect(card).toContainText(
    'If you forget your password and lose your recovery key, nobody — not even Müse — can give them back.',
  );
  await card.scrollIntoViewIfNeeded();
  await screenshotEveryWay(page, SHOTS, 'settings-off');
  await card.getByLabel('Password').fill('not the password');
  await card.getByRole('button', { name: 'Encrypt my private entries' }).click();
  await expect(card.getByRole('alert')).toHaveText('That is not your password');
  await card.getByLabel('Password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Encrypt my private entries' }).click();
  const shown = page.getByRole('region', { name: 'Your recovery key' });
  await expect(shown.getByRole('status')).toHaveText('1 entry encrypted.', { timeout: 30_000 });
  const recoveryKey = (await shown.locator('code').textContent()) ?? '';
  expect(recoveryKey).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){12}[0-9A-HJKMNP-TV-Z]{4}$/);
  await screenshotEveryWay(page, SHOTS, 'recovery-key');
  await expectNoAxeViolations(page, 'the recovery key, shown once');
  await shown.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByRole('region', { name: 'Encryption' })).toContainText(
    'Your private entries are encrypted',
  );
  // The entry written before is sealed now: the server holds ciphertext only.
  const sealed = await serverAnswers(page);
  expect(sealed).toHaveLength(1);
  expect(sealed[0]?.encrypted).toBe(true);

  // The canary, written after: the device reads it, the server holds only ciphertext.
  await writeJournal(page, server.origin, CANARY, true);
  await expect.poll(async () => (await serverAnswers(page)).length, { timeout: 20_000 }).toBe(2);
  const onServer = await page.request.post(`${server.origin}/api/user/answers`, {
    data: { _id: (await savedUser(page))?._id },
  });
  const body = await onServer.text();
  expect(body).not.toContain(CANARY);
  expect(body).not.toContain('garden in the rain');
  expect((JSON.parse(body) as { answers: ServerAnswer[] }).answers.every((a) => a.encrypted)).toBe(
    true,
  );
  await page.goto(`${server.origin}/past`);
  await expect(page.getByText(CANARY)).toBeVisible();
  await expect(page.getByText(BEFORE)).toBeVisible();

  // Nowhere on the server's side: the database, its WAL, a backup, the log, /metrics.
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-e2e-backup-'));
  const backup = spawnSync('npm', ['run', '--silent', 'backup', '--', backupDir], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(backup.status, backup.stderr).toBe(0);
  expect(fs.readdirSync(server.dataDir)).toContain('muse.db');
  expect(filesHolding(server.dataDir, CANARY)).toEqual([]);
  expect(filesHolding(backupDir, CANARY)).toEqual([]);
  fs.rmSync(backupDir, { recursive: true, force: true });
  expect(server.log()).not.toContain(CANARY);
  const metrics = await fetch(`${server.origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(metrics.status).toBe(200);
  expect(await metrics.text()).not.toContain(CANARY);

  // A second device signs in with the password and reads it; a reload keeps it open.
  const laptop = await signIn(browser, name, PASSWORD);
  await laptop.page.goto(`${server.origin}/past`);
  await expect(laptop.page.getByText(CANARY)).toBeVisible();
  await laptop.page.reload();
  await expect(laptop.page.getByText(CANARY)).toBeVisible();
  await expect(laptop.page.getByRole('heading', { name: 'Unlock your journal' })).toHaveCount(0);
  expect(laptop.errors).toEqual([]);
  await laptop.context.close();

  // The password forgotten and reset with a recovery code: the old password's wrap no longer
  // opens, so a new device meets the unlock screen; the recovery key opens it.
  const reset = await fetch(`${server.origin}/api/password/recover`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, code: codes[0], password: NEW_PASSWORD }),
  });
  expect(reset.status).toBe(200);
  const phone = await signIn(browser, name, NEW_PASSWORD);
  const unlock = phone.page.getByRole('heading', { name: 'Unlock your journal' });
  await expect(unlock).toBeVisible();
  await expect(phone.page.getByText(CANARY)).toHaveCount(0);
  await screenshotEveryWay(phone.page, SHOTS, 'unlock');
  await expectNoAxeViolations(phone.page, 'the unlock screen');
  await phone.page.getByRole('button', { name: 'Use my recovery key' }).click();
  await phone.page
    .getByLabel('Recovery key', { exact: true })
    .fill('0000-0000-0000-0000-0000-0000-0000-0000-0000-0000-0000-0000-0000');
  await phone.page.getByLabel('Your password now').fill(NEW_PASSWORD);
  await phone.page.getByRole('button', { name: 'Unlock' }).click();
  await expect(phone.page.getByRole('alert')).toHaveText(
    'That recovery key does not open your journal',
  );
  await screenshotEveryWay(phone.page, SHOTS, 'unlock-recovery');
  await expectNoAxeViolations(phone.page, 'the unlock screen, with the recovery key');
  // Written as a person might: lower case, spaces instead of dashes.
  await phone.page
    .getByLabel('Recovery key', { exact: true })
    .fill(recoveryKey.toLowerCase().replaceAll('-', ' '));
  await phone.page.getByRole('button', { name: 'Unlock' }).click();
  await expect(phone.page.getByRole('heading', { name: 'Use your recovery key' })).toHaveCount(0);
  await phone.page.goto(`${server.origin}/past`);
  await expect(phone.page.getByText(CANARY)).toBeVisible();
  expect(phone.errors).toEqual([]);
  await phone.context.close();

  // The key is wrapped for the new password now: the first device, signed out by the reset,
  // signs in with it and reads everything.
  const again = await signIn(browser, name, NEW_PASSWORD);
  await again.page.goto(`${server.origin}/past`);
  await expect(again.page.getByText(CANARY)).toBeVisible();

  // Turned off: every entry goes back to words, and the server forgets the key.
  await again.page.goto(`${server.origin}/userSettings`);
  const settings = again.page.getByRole('region', { name: 'Encryption' });
  await settings.getByLabel('Password').fill(NEW_PASSWORD);
  await settings.getByRole('button', { name: 'Turn off encryption' }).click();
  await expect(settings.getByRole('button', { name: 'Encrypt my private entries' })).toBeVisible({
    timeout: 30_000,
  });
  const plain = await serverAnswers(again.page);
  expect(plain.map((a) => a.text).sort()).toEqual([BEFORE, CANARY].sort());
  expect(plain.some((a) => a.encrypted)).toBe(false);
  expect(await call<{ bundle: unknown }>(again.page, '/api/encryption/get')).toEqual({
    bundle: null,
  });
  expect(again.errors).toEqual([]);
  // The one failed call was the wrong password, on purpose.
  expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  await again.context.close();
  await context.close();
});

const CONFLICT = 'This answer was changed on another device';
test('two devices with encryption on: a conflict shows both texts, and offline edits on both are kept', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // An account whose entries are encrypted, made from Node with the app's own key code.
  const person = await apiUser(server.origin, 'Twofold');
  const { bundle } = await createKeyBundle(PASSWORD);
  await person.post('/api/encryption/set', { bundle, password: PASSWORD });
  const laptop = await signIn(browser, person.name, PASSWORD);
  const phone = await signIn(browser, person.name, PASSWORD);
  const texts = async () => (await serverAnswers(laptop.page)).map((a) => a.text).join('\n');

  const A = 'Morning: the list.';
  const L = ' Laptop adds a walk.';
  const P = ' Phone adds a letter.';
  await openJournal(laptop.page, server.origin);
  await typeAtEnd(laptop.page, A);
  await expect.poll(async () => (await serverAnswers(laptop.page)).length).toBe(1);
  await openJournal(phone.page, server.origin);
  await expect(answerBox(phone.page)).toHaveValue(A);

  // Online, from the same version: the phone's save meets the laptop's and asks.
  await typeAtEnd(laptop.page, L);
  await expect(answerBox(laptop.page)).toHaveAccessibleDescription('Saved', { timeout: 20_000 });
  await typeAtEnd(phone.page, P);
  const dialog = phone.page.getByRole('alertdialog', { name: CONFLICT });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('region', { name: 'Your text on this device' })).toContainText(
    A + P,
  );
  await expect(
    dialog.getByRole('region', { name: 'The text from the other device' }),
  ).toContainText(A + L);
  await dialog.getByRole('button', { name: 'Keep both', exact: true }).click();
  const both = A + L + P;
  await expect(answerBox(phone.page)).toHaveValue(both);
  await expect(answerBox(phone.page)).toHaveAccessibleDescription('Saved', { timeout: 20_000 });
  expect(await texts()).not.toMatch(/Laptop adds|Phone adds|Morning/);

  // Offline on both, each adds to the entry; back online one after the other.
  await openJournal(laptop.page, server.origin);
  await expect(answerBox(laptop.page)).toHaveValue(both);
  await openJournal(phone.page, server.origin);
  await expect(answerBox(phone.page)).toHaveValue(both);
  await laptop.context.setOffline(true);
  await phone.context.setOffline(true);
  await typeAtEnd(laptop.page, ' Offline laptop.');
  await typeAtEnd(phone.page, ' Offline phone.');
  await laptop.page.getByRole('button', { name: 'Done', exact: true }).click();
  await phone.page.getByRole('button', { name: 'Done', exact: true }).click();
  await laptop.context.setOffline(false);
  await expect
    .poll(async () => (await serverAnswers(laptop.page)).length, { timeout: 30_000 })
    .toBe(1);
  await phone.context.setOffline(false);
  // The phone's words were written from the version the laptop replaced: kept beside it.
  await expect
    .poll(async () => (await serverAnswers(phone.page)).length, { timeout: 30_000 })
    .toBe(2);
  await phone.page.goto(`${server.origin}/past`);
  await expect(phone.page.getByText(`${both} Offline laptop.`)).toBeVisible();
  await expect(phone.page.getByText(`${both} Offline phone.`)).toBeVisible();
  const stored = await serverAnswers(phone.page);
  expect(stored.every((a) => a.encrypted && a.text.startsWith('e1.'))).toBe(true);
  expect(await texts()).not.toMatch(/Offline|Morning/);
  const expected = (e: string) => !/status of 409|ERR_INTERNET_DISCONNECTED|net::ERR/.test(e);
  expect(laptop.errors.filter(expected)).toEqual([]);
  expect(phone.errors.filter(expected)).toEqual([]);
  await laptop.context.close();
  await phone.context.close();
});

test('a device that has not heard encryption was turned on sends no words: it unlocks, then seals them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const person = await apiUser(server.origin, 'Stale');
  const device = await signIn(browser, person.name, PASSWORD);
  await openJournal(device.page, server.origin);
  // Another device turns encryption on now; this one still believes it is off.
  const { bundle } = await createKeyBundle(PASSWORD);
  await person.post('/api/encryption/set', { bundle, password: PASSWORD });
  const secret = 'Stale-device-secret-Qx41';
  await typeAtEnd(device.page, secret);
  // The words are refused; the device learns why and asks for the key.
  const unlock = device.page.getByRole('heading', { name: 'Unlock your journal' });
  await expect(unlock).toBeVisible({ timeout: 20_000 });
  expect(await serverAnswers(device.page)).toEqual([]);
  await device.page.getByLabel('Password').fill(PASSWORD);
  await device.page.getByRole('button', { name: 'Unlock' }).click();
  await expect(unlock).toHaveCount(0);
  await expect
    .poll(async () => (await serverAnswers(device.page)).length, { timeout: 20_000 })
    .toBe(1);
  const [stored] = await serverAnswers(device.page);
  expect(stored?.encrypted).toBe(true);
  expect(stored?.text).not.toContain(secret);
  expect(filesHolding(server.dataDir, secret)).toEqual([]);
  await device.page.goto(`${server.origin}/past`);
  await expect(device.page.getByText(secret)).toBeVisible();
  // The browser notes the refused save (409), and the editor reopened after the unlock asking
  // for an entry still on its way (404: it keeps this device's copy).
  expect(device.errors.filter((e) => !/status of (409|404)/.test(e))).toEqual([]);
  await device.context.close();
});

test('with every key lost, the person deletes the encrypted entries and goes on writing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Sign-up through the API keeps no recovery codes: this person resets with one made later.
  const person = await apiUser(server.origin, 'Lostkeys');
  const { recoveryCodes } = await person.post<{ recoveryCodes: string[] }>(
    '/api/user/recovery-codes',
    { password: PASSWORD },
  );
  const first = await signIn(browser, person.name, PASSWORD);
  await writeJournal(first.page, server.origin, 'Kept: written before encryption.');
  const { bundle } = await createKeyBundle(PASSWORD);
  await person.post('/api/encryption/set', { bundle, password: PASSWORD });
  await first.context.close();
  const device = await signIn(browser, person.name, PASSWORD);
  await writeJournal(device.page, server.origin, 'Sealed: lost with the keys.', true);
  await expect
    .poll(async () => (await serverAnswers(device.page)).filter((a) => a.encrypted).length)
    .toBe(2);
  await device.context.close();

  // The password reset with a code; the recovery key is lost too.
  const reset = await fetch(`${server.origin}/api/password/recover`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: person.name, code: recoveryCodes[0], password: NEW_PASSWORD }),
  });
  expect(reset.status).toBe(200);
  const later = await signIn(browser, person.name, NEW_PASSWORD);
  await later.page.getByRole('button', { name: 'Use my recovery key' }).click();
  await later.page.getByRole('button', { name: 'Lost the recovery key too?' }).click();
  await expect(later.page.getByRole('heading', { name: 'Start again without them' })).toBeFocused();
  await later.page.getByLabel('Your password now').fill(NEW_PASSWORD);
  const remove = later.page.getByRole('button', { name: 'Delete them and go on' });
  await remove.click();
  await expect(later.page.getByRole('alert')).toHaveText(
    'Please confirm that they are to be deleted',
  );
  await screenshotEveryWay(later.page, SHOTS, 'unlock-forfeit');
  await expectNoAxeViolations(later.page, 'the unlock screen, starting again');
  await later.page.getByLabel('Delete my encrypted entries for good').check();
  await remove.click();
  await expect(later.page.getByRole('heading', { name: 'Start again without them' })).toHaveCount(
    0,
  );
  // Both entries were encrypted (the second device sealed the older one): none is left, and
  // nothing else broke: writing goes on, as words.
  await expect.poll(async () => (await serverAnswers(later.page)).length).toBe(0);
  await writeJournal(later.page, server.origin, 'A new start.');
  const [fresh] = await serverAnswers(later.page);
  expect(fresh?.encrypted).toBeUndefined();
  expect(fresh?.text).toBe('A new start.');
  expect(await call(later.page, '/api/encryption/get')).toEqual({ bundle: null });
  expect(later.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  await later.context.close();
});

test('on PostgreSQL too, a canary written with encryption on is in no table, log or /metrics', async ({
  browser,
}) => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl && !process.env.CI, 'needs TEST_DATABASE_URL (CI sets it)');
  test.setTimeout(180_000);
  const name = `muse_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${name}`;
  const pgServer = await startServer({ DATABASE_URL: url.toString(), LOG_LEVEL: 'debug' });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    const person = await apiUser(pgServer.origin, 'Postgres');
    const { bundle } = await createKeyBundle(PASSWORD);
    await person.post('/api/encryption/set', { bundle, password: PASSWORD });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${pgServer.origin}/login`);
    await waitForSession(page);
    await page.getByLabel('Name or email').fill(person.name);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(async () => (await savedUser(page))?.name).toBe(person.name);
    await page.goto(`${pgServer.origin}/answer/journal`);
    await expect(answerBox(page)).toBeEditable();
    await answerBox(page).fill(CANARY);
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await expect.poll(async () => (await serverAnswers(page)).length, { timeout: 20_000 }).toBe(1);
    await page.goto(`${pgServer.origin}/past`);
    await expect(page.getByText(CANARY)).toBeVisible();
    await context.close();

    // Every row of every table, as text.
    await client.connect();
    const { rows: tables } = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.map((t) => t.table_name)).toContain('answers');
    for (const { table_name } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT t::text AS row FROM "${table_name}" t`,
      );
      expect(
        rows.filter((r) => r.row.includes(CANARY)),
        table_name,
      ).toEqual([]);
    }
    const { rows: sealed } = await client.query<{ text: string; encrypted: number }>(
      'SELECT text, encrypted FROM answers',
    );
    expect(sealed).toHaveLength(1);
    expect(sealed[0]?.encrypted).toBe(1);
    expect(pgServer.log()).not.toContain(CANARY);
    const metrics = await fetch(`${pgServer.origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(await metrics.text()).not.toContain(CANARY);
  } finally {
    await client.end().catch(() => undefined);
    await pgServer.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
