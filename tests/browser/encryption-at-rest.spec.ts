import { type Browser, expect, type Page } from '@playwright/test';
import { createKeyBundle } from '#client/encryption/keys.ts';
import { answerBox, openJournal, serverAnswers, typeAtEnd } from './support/journal.ts';
import { apiUser, PASSWORD, signInOnNewDevice } from './support/people.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 37 point 5: what a device keeps of an encrypted journal is sealed. The saved state, the
// draft and entries written offline hold no words in localStorage; they open again after a
// reload with the key the device keeps, wait sealed while the journal is locked, and are in
// words again once encryption is turned off.

let server: RunningServer;
test.beforeAll(async ({ server: shared }) => {
  server = shared;
});

/** Every value this page keeps in localStorage, by key. */
function kept(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

/** The keys whose values hold `needle`. */
async function keysHolding(page: Page, needle: string): Promise<string[]> {
  return Object.entries(await kept(page))
    .filter(([, value]) => value.includes(needle))
    .map(([key]) => key);
}

async function encryptedPerson(browser: Browser, name: string) {
  const person = await apiUser(server.origin, name);
  const { bundle } = await createKeyBundle(PASSWORD);
  await person.post('/api/encryption/set', { bundle, password: PASSWORD });
  return signInOnNewDevice(browser, server.origin, person.name);
}

test('an encrypted journal keeps no words on the device, and reads them again after a reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await encryptedPerson(browser, 'Atrest');
  const SAVED = 'Sealed-canary-Hx41 on the server.';
  const OFFLINE = ' Offline-canary-Pq77 written on the train.';

  await openJournal(page, server.origin);
  await typeAtEnd(page, SAVED);
  await expect(answerBox(page)).toHaveAccessibleDescription('Saved', { timeout: 20_000 });
  await expect.poll(() => keysHolding(page, 'sealed1:')).toContain('reflect-state');
  expect(await keysHolding(page, 'Sealed-canary')).toEqual([]);

  // Offline: the draft and the offline record are kept on the device, sealed.
  await context.setOffline(true);
  await typeAtEnd(page, OFFLINE);
  await expect.poll(() => keysHolding(page, 'sealed1:')).toContain('muse-draft');
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${server.origin}/streak`);
  await expect
    .poll(async () => (await kept(page))['reflect-state'] ?? '', { timeout: 10_000 })
    .not.toBe('');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect(await keysHolding(page, 'canary')).toEqual([]);
  expect(await keysHolding(page, 'train')).toEqual([]);

  // Back online and reloaded: the device opens its copy, and the offline words reach the server.
  await context.setOffline(false);
  await page.reload();
  await page.goto(`${server.origin}/past`);
  await expect(page.getByText(`${SAVED}${OFFLINE}`)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await serverAnswers(page)).map((a) => a.encrypted), { timeout: 20_000 })
    .toEqual([true]);
  expect(await keysHolding(page, 'canary')).toEqual([]);

  // Turned off: the device's copy is in words again (nothing sealed is left to open).
  await page.goto(`${server.origin}/userSettings`);
  const card = page.getByRole('region', { name: 'Encryption' });
  await card.getByLabel('Password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Turn off encryption' }).click();
  await expect(card.getByRole('button', { name: 'Encrypt my private entries' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => keysHolding(page, 'Offline-canary')).toContain('reflect-state');
  expect(await keysHolding(page, 'sealed1:')).toEqual([]);
  await context.close();
});

test('on a device that lost the key, the sealed copy waits unopened and opens with the password', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await encryptedPerson(browser, 'Lostkey');
  const WAITING = 'Waiting-canary-Vb29, written offline.';

  // Written offline: the entry waits in the offline record, sealed in localStorage.
  await openJournal(page, server.origin);
  await context.setOffline(true);
  await typeAtEnd(page, WAITING);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${server.origin}/streak`);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect(await keysHolding(page, 'sealed1:')).toContain('reflect-state');
  expect(await keysHolding(page, 'Waiting-canary')).toEqual([]);

  // The same storage without the journal's key in IndexedDB (a browser that keeps none), online.
  // The first page stays offline and open, so that nothing but this one can send the entry.
  const device = await browser.newContext({
    storageState: await context.storageState(),
    viewport: { width: 390, height: 844 },
  });
  const later = await device.newPage();
  const sealedPart = async () =>
    JSON.parse((await kept(later))['reflect-state'] ?? '{}').sealed as string | undefined;
  await later.goto(`${server.origin}/answer/journal`);
  const unlock = later.getByRole('heading', { name: 'Unlock your journal' });
  await expect(unlock).toBeVisible({ timeout: 20_000 });
  // Locked: nothing is sent, and the sealed copy is carried as it was however often the state is
  // written, with nothing in words.
  expect(await serverAnswers(later)).toEqual([]);
  const sealed = await sealedPart();
  expect(sealed?.startsWith('sealed1:')).toBe(true);
  await later.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect((await sealedPart()) === sealed, 'the sealed copy is unchanged').toBe(true);
  expect(await keysHolding(later, 'Waiting-canary')).toEqual([]);

  // Unlocked: the carried copy opens, and the entry written offline reaches the server, sealed.
  await later.getByLabel('Password').fill(PASSWORD);
  await later.getByRole('button', { name: 'Unlock' }).click();
  await expect(unlock).toHaveCount(0);
  await later.goto(`${server.origin}/past`);
  await expect(later.getByText(WAITING)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () => (await serverAnswers(later)).map((a) => a.encrypted), { timeout: 20_000 })
    .toEqual([true]);
  expect(await keysHolding(later, 'Waiting-canary')).toEqual([]);
  await device.close();
  await context.close();
});
