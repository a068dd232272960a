import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import yazl from 'yazl';
import { createKeyBundle } from '#client/encryption/keys.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openJournal, typeAtEnd } from './support/journal.ts';
import { call, screenshotEveryWay } from './support/page.ts';
import { apiUser, PASSWORD, signInOnNewDevice } from './support/people.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 37 point 3: an encrypted journal's photos (docs/ENCRYPTION.md *Photos*). A photo is
// sealed on the device before it is kept or sent: the server stores and serves bytes it cannot
// read, the device shows them opened. Turning encryption on seals the photos the server kept in
// words; turning it off opens them again.

const SHOTS = '/tmp/shots-encrypted-photos';

let server: RunningServer;
test.beforeAll(async ({ server: shared }) => {
  server = shared;
});

type ServerPhoto = { id: string; width: number; height: number; url: string; encrypted?: true };

/** A camera's JPEG, with the camera's name in its EXIF. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2d8a6e' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Harbour' } })
    .toBuffer();
}

const photosOnServer = async (page: Page) =>
  (await call<{ photos: ServerPhoto[] }>(page, '/api/user/photos')).photos;

/** The photo's bytes as the server serves them to its owner. */
async function servedBytes(page: Page, photo: ServerPhoto) {
  const response = await page.request.get(`${server.origin}${photo.url}`);
  expect(response.status()).toBe(200);
  return { type: response.headers()['content-type'], body: await response.body() };
}

/** Every file the server keeps of its photos (DATA_DIR/photos). */
function storedFiles(): Buffer[] {
  const dir = path.join(server.dataDir, 'photos');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name)));
}

async function addPhoto(page: Page, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer });
}

/** The reading view of the journal's newest entry. */
async function readNewest(page: Page): Promise<void> {
  await page.goto(`${server.origin}/past`);
  await page.getByRole('main').getByRole('article').getByRole('link').first().click();
  await page.waitForURL(/\/read\//);
}

/** The width the browser decoded the shown photo at (0 until it is drawn). */
const drawnWidth = (page: Page) =>
  page
    .getByRole('list', { name: 'Photos' })
    .getByRole('img', { name: 'Photo' })
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

async function encryptedPerson(browser: Browser, name: string) {
  const person = await apiUser(server.origin, name);
  const { bundle } = await createKeyBundle(PASSWORD);
  await person.post('/api/encryption/set', { bundle, password: PASSWORD });
  return signInOnNewDevice(browser, server.origin, person.name);
}

test('an encrypted journal’s photo leaves the device sealed, and is shown opened', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, errors } = await encryptedPerson(browser, 'Sealedphoto');
  const jpeg = await cameraJpeg();

  await openJournal(page, server.origin);
  await typeAtEnd(page, 'The harbour at dawn.');
  // The device re-encodes: the camera's details cannot be kept, so it is not offered.
  await expect(page.getByRole('button', { name: 'Add photos' })).toBeVisible();
  await expect(page.getByLabel('Keep where and how it was taken')).toHaveCount(0);
  await addPhoto(page, jpeg);
  await expect(page.getByRole('status').filter({ hasText: '1 photo added.' })).toBeVisible({
    timeout: 20_000,
  });
  const thumb = page.getByRole('list', { name: 'Photos of this entry' }).getByRole('img');
  await expect(thumb).toHaveAttribute('src', /^blob:/);
  await screenshotEveryWay(page, SHOTS, 'editor-with-sealed-photo', { fullPage: true });

  // The server keeps bytes it cannot read: a p1 photo, none of the image or its EXIF.
  const [photo] = await photosOnServer(page);
  expect(photo).toMatchObject({ encrypted: true, width: 1600, height: 1200 });
  if (!photo) throw new Error('no photo on the server');
  const served = await servedBytes(page, photo);
  expect(served.type).toBe('application/octet-stream');
  expect(served.body[0]).toBe(1);
  expect(served.body.includes(Buffer.from('SecretCam'))).toBe(false);
  expect(served.body.includes(Buffer.from('WEBP'))).toBe(false);
  await expect(sharp(served.body).metadata()).rejects.toThrow();
  expect(storedFiles().filter((file) => file.equals(served.body))).toHaveLength(1);
  expect(storedFiles().filter((file) => file.includes(Buffer.from('SecretCam')))).toEqual([]);

  // Reading it, the device opens it: the image at its size, from memory.
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${server.origin}/streak`);
  await readNewest(page);
  await expect.poll(() => drawnWidth(page), { timeout: 20_000 }).toBe(1600);
  await expectNoAxeViolations(page, 'the reading view with a sealed photo');
  await screenshotEveryWay(page, SHOTS, 'read-sealed-photo', { fullPage: true });

  // Shared with its photo, by the person's choice: the device opens it and sends the image, and
  // the world shows the server's public copy.
  await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
  const asWhom = page.getByRole('dialog', { name: 'Share as whom?' });
  await asWhom.getByLabel(/Share its photo too/).check();
  await asWhom.getByRole('button', { name: /^Sealedphoto/ }).click();
  await page.waitForURL(`${server.origin}/world`);
  const card = page.getByRole('article').filter({ hasText: 'The harbour at dawn.' });
  const worldPhoto = card.getByRole('list', { name: 'Photos' }).getByRole('img', { name: 'Photo' });
  await expect
    .poll(() => worldPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 20_000,
    })
    .toBe(1600);
  expect(await worldPhoto.getAttribute('src')).toMatch(/^\/media\/pictures\//);
  await screenshotEveryWay(page, SHOTS, 'world-sealed-photo-shared', { fullPage: true });

  // The Markdown zip, built on this device, holds the photo opened (stored: its bytes as they are).
  await page.goto(`${server.origin}/userProfile`);
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export as Markdown (zip)' }).click(),
  ]);
  const zip = fs.readFileSync(await saved.path());
  expect(zip.includes(Buffer.from('WEBP'))).toBe(true);
  expect(zip.includes(served.body.subarray(0, 64))).toBe(false);

  // Added offline: it waits in IndexedDB sealed, and goes sealed once back online.
  await openJournal(page, server.origin);
  await expect(page.getByRole('button', { name: 'Add photos' })).toBeVisible();
  await context.setOffline(true);
  await addPhoto(page, jpeg);
  await expect(
    page.getByRole('status').filter({ hasText: '1 photo will be added when you’re online' }),
  ).toBeVisible();
  const waiting = await page.evaluate(
    () =>
      new Promise<{ first: number; sealed: unknown; holdsJpeg: boolean }[]>((resolve, reject) => {
        const open = indexedDB.open('muse-photos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('waiting').objectStore('waiting').getAll();
          all.onsuccess = () =>
            resolve(
              all.result.map((record: { bytes: ArrayBuffer; sealed: unknown }) => {
                const bytes = new Uint8Array(record.bytes);
                return {
                  first: bytes[0] ?? -1,
                  sealed: record.sealed,
                  holdsJpeg: bytes[0] === 0xff && bytes[1] === 0xd8,
                };
              }),
            );
        };
      }),
  );
  expect(waiting).toEqual([{ first: 1, sealed: { width: 1600, height: 1200 }, holdsJpeg: false }]);
  await context.setOffline(false);
  await expect
    .poll(async () => (await photosOnServer(page)).map((p) => p.encrypted), { timeout: 30_000 })
    .toEqual([true, true]);
  expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
  await context.close();
});

test('turning encryption on seals the photos the server kept, and turning it off opens them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const person = await apiUser(server.origin, 'Turnphoto');
  const { context, page } = await signInOnNewDevice(browser, server.origin, person.name);
  await openJournal(page, server.origin);
  await typeAtEnd(page, 'Before the lock.');
  await addPhoto(page, await cameraJpeg());
  await expect(page.getByRole('status').filter({ hasText: '1 photo added.' })).toBeVisible({
    timeout: 20_000,
  });
  const [before] = await photosOnServer(page);
  if (!before) throw new Error('no photo on the server');
  expect(before.encrypted).toBeUndefined();
  const plain = await servedBytes(page, before);
  expect(plain.type).toBe('image/webp');

  const settings = page.getByRole('region', { name: 'Encryption' });
  await page.goto(`${server.origin}/userSettings`);
  await settings.getByLabel('Password').fill(PASSWORD);
  await settings.getByRole('button', { name: 'Encrypt my private entries' }).click();
  const shown = page.getByRole('region', { name: 'Your recovery key' });
  await expect(shown.getByRole('status')).toHaveText('1 entry encrypted.', { timeout: 30_000 });
  await shown.getByRole('button', { name: 'I have saved it' }).click();

  // The same photo (its id and size), sealed now; the file in words is gone.
  const [sealed] = await photosOnServer(page);
  expect(sealed).toMatchObject({ id: before.id, encrypted: true, width: 1600, height: 1200 });
  if (!sealed) throw new Error('no photo on the server');
  expect((await servedBytes(page, sealed)).body[0]).toBe(1);
  expect(storedFiles().filter((file) => file.equals(plain.body))).toEqual([]);
  await readNewest(page);
  await expect.poll(() => drawnWidth(page), { timeout: 20_000 }).toBe(1600);

  // Turned off: the photo is an image the server can read again, the same one.
  await page.goto(`${server.origin}/userSettings`);
  await settings.getByLabel('Password').fill(PASSWORD);
  await settings.getByRole('button', { name: 'Turn off encryption' }).click();
  await expect(settings.getByRole('button', { name: 'Encrypt my private entries' })).toBeVisible({
    timeout: 30_000,
  });
  const [opened] = await photosOnServer(page);
  expect(opened?.id).toBe(before.id);
  expect(opened?.encrypted).toBeUndefined();
  if (!opened) throw new Error('no photo on the server');
  const image = await sharp((await servedBytes(page, opened)).body).metadata();
  expect([image.format, image.width, image.height]).toEqual(['webp', 1600, 1200]);
  await readNewest(page);
  await expect.poll(() => drawnWidth(page), { timeout: 20_000 }).toBe(1600);
  await context.close();
});

test('a Day One export’s photos come into an encrypted journal sealed', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, errors } = await encryptedPerson(browser, 'Dayonephoto');
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#8a2d5e' },
  })
    .jpeg()
    .toBuffer();
  const journal = {
    entries: [
      {
        uuid: 'D1',
        creationDate: '2026-03-04T09:30:00Z',
        timeZone: 'UTC',
        text: 'Harbour-canary-Zt58 at low tide.\n\n![](dayone-moment://P1)',
        photos: [{ identifier: 'P1', md5: 'aaa', type: 'jpeg' }],
      },
    ],
  };
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(journal)), 'Journal.json');
  zip.addBuffer(photo, 'photos/aaa.jpeg');
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);

  await page.goto(`${server.origin}/userProfile`);
  await page.getByLabel('Import answers…').setInputFiles({
    name: 'dayone.zip',
    mimeType: 'application/zip',
    buffer: Buffer.concat(parts),
  });
  const card = page.getByRole('main').getByRole('status').getByRole('region');
  await expect(card).toContainText('Its photo comes too, sealed on this device.');
  await card.getByRole('button', { name: 'Import 1 entry' }).click();
  await expect(card).toContainText('Imported 1 entry');
  await expect(card).toContainText('1 photo is being added to its entry.');

  await expect
    .poll(async () => (await photosOnServer(page)).map((p) => [p.encrypted, p.width, p.height]), {
      timeout: 30_000,
    })
    .toEqual([[true, 640, 480]]);
  const [kept] = await photosOnServer(page);
  if (!kept) throw new Error('no photo on the server');
  const served = await servedBytes(page, kept);
  expect(served.body[0]).toBe(1);
  expect(served.body.includes(photo.subarray(0, 64))).toBe(false);
  await readNewest(page);
  await expect(page.getByText('Harbour-canary-Zt58 at low tide.')).toBeVisible();
  await expect.poll(() => drawnWidth(page), { timeout: 20_000 }).toBe(640);
  expect(errors).toEqual([]);
  await context.close();
});
