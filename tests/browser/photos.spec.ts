import { randomUUID } from 'node:crypto';
import { expect, type Page, request, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE, watchPageErrors } from './support/browser.ts';
import { call, openAsNewVisitor, screenshotEveryWay } from './support/page.ts';
import { PASSWORD, signUpThroughForm } from './support/people.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 35 point 3, decision 062: a photo attached to a journal entry, read back in the reading
// view, and its own alone: the served file has no GPS, and its address answers 404 to another
// signed-in person and to someone with no session at all.

const shotsDir = '/tmp/shots-photos';
const answerBox = (page: Page) => page.getByLabel('Your answer');

/** A phone's photo: a JPEG whose EXIF says who made it and where it was taken (GPS). */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7bd5' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1200"><circle cx="800" cy="600" r="300" fill="#f5c542"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Lake' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether EXIF holds a GPS block (its IFD pointer tag 0x8825, in either byte order). */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('attaches a photo to an entry, shows it when reading, and to nobody else', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(PHONE);
  const jpeg = await cameraJpeg();
  expect(hasGps((await sharp(jpeg).metadata()).exif)).toBe(true);

  await openAsNewVisitor(page, `${server.origin}/`);
  await page.goto(`${server.origin}/answer/journal`);
  await answerBox(page).fill('a day at the lake');
  const add = page.getByRole('button', { name: 'Add photos' });
  await expect(add).toBeVisible();
  await expect(page.getByLabel('Keep where and how it was taken')).not.toBeChecked();
  const chooser = page.waitForEvent('filechooser');
  await add.click();
  const files = await chooser;
  expect(files.isMultiple()).toBe(true);
  await files.setFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  const photos = page.getByRole('list', { name: 'Photos of this entry' });
  await expect(photos.getByRole('img', { name: 'Photo' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 photo added.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await expect(answerBox(page)).toHaveValue(/a day at the lake/i);
  await expectNoAxeViolations(page, 'the editor with a photo');
  await screenshotEveryWay(page, shotsDir, 'editor-with-photo', { fullPage: true });

  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${server.origin}/streak`);
  await page.goto(`${server.origin}/past`);
  await page.getByRole('main').getByRole('article').getByRole('link').first().click();
  await page.waitForURL(/\/read\//);
  const shown = page.getByRole('list', { name: 'Photos' }).getByRole('img', { name: 'Photo' });
  await expect(shown).toBeVisible();
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1600);
  await expectNoAxeViolations(page, 'the reading view with a photo');
  await screenshotEveryWay(page, shotsDir, 'read-with-photo', { fullPage: true });

  // The served file: the owner's alone, upright and without the camera's location.
  const url = await shown.getAttribute('src');
  expect(url).toMatch(/^\/api\/answer\/photo\/[A-Za-z0-9_-]+$/);
  const own = await page.request.get(`${server.origin}${url}`);
  expect(own.status()).toBe(200);
  expect(own.headers()['cache-control']).toContain('private');
  const kept = await sharp(await own.body()).metadata();
  expect(kept.format).toBe('webp');
  expect(hasGps(kept.exif)).toBe(false);
  expect((await own.body()).includes(Buffer.from('TestCam'))).toBe(false);

  // Another person, signed in, gets nothing; nor does someone with no session.
  const other = await request.newContext({ baseURL: server.origin });
  const otherId = `other${Date.now()}`;
  expect(
    (
      await other.post('/api/user/create', {
        data: { user: { _id: otherId }, device: randomUUID() },
      })
    ).ok(),
  ).toBe(true);
  const signup = await other.post('/api/signup', {
    data: {
      user: {
        _id: otherId,
        name: `Other${Date.now()}`,
        email: `${otherId}@example.com`,
        password: PASSWORD,
      },
    },
  });
  expect(signup.ok()).toBe(true);
  expect((await other.get(`${url}`)).status()).toBe(404);
  const nobody = await request.newContext({ baseURL: server.origin });
  const anonymous = await nobody.get(`${url}`);
  expect(anonymous.status()).toBe(404);
  expect(anonymous.headers()['content-type']).not.toContain('image');
  await other.dispose();
  await nobody.dispose();
  expect(errors).toEqual([]);
});

test('keeps a photo added offline on the device, shows it waiting, and sends it once when online', async ({
  page,
  context,
}) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(PHONE);
  await openAsNewVisitor(page, `${server.origin}/`);
  await page.goto(`${server.origin}/answer/journal`);
  await answerBox(page).fill('written on a train');
  await context.setOffline(true);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({
    name: 'train.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraJpeg(),
  });
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: '1 photo will be added when you’re online. Your words are kept.' }),
  ).toBeVisible();
  const thumbs = page.getByRole('list', { name: 'Photos of this entry' });
  await expect(thumbs.getByRole('img', { name: 'Photo, waiting to be sent' })).toBeVisible();
  await expect(answerBox(page)).toHaveValue(/written on a train/i);
  await expectNoAxeViolations(page, 'the editor with a photo waiting');
  await screenshotEveryWay(page, shotsDir, 'editor-offline');

  // Back online, the first upload's answer is lost on its way back (the server kept the photo):
  // the queue sends it again under the same key, and the entry holds it once.
  let uploads = 0;
  await page.route('**/api/answer/photo/upload**', async (route) => {
    uploads += 1;
    if (uploads > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect(thumbs.getByRole('img', { name: 'Photo', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(thumbs.getByRole('img')).toHaveCount(1);
  expect(uploads).toBe(2);
  const { answers } = await call<{ answers: { _id: string; text: string }[] }>(
    page,
    '/api/user/answers',
  );
  const entry = answers.find((a) => /written on a train/i.test(a.text));
  const listed = await call<{ photos: unknown[] }>(page, '/api/answer/photos', {
    answer_id: entry?._id,
  });
  expect(listed.photos).toHaveLength(1);
  expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET/.test(e))).toEqual(
    [],
  );
});

test('asks whether to share the photos too, shows them in the world only then, and unsharing takes them back', async ({
  page,
}) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize(PHONE);
  await openAsNewVisitor(page, `${server.origin}/login?mode=signup`);
  await signUpThroughForm(page, `Sharer${Date.now() % 100000}`);
  await page.goto(`${server.origin}/answer/journal`);
  await answerBox(page).fill('the lake at dawn');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({
    name: 'dawn.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraJpeg(),
  });
  await expect(page.getByRole('status').filter({ hasText: '1 photo added.' })).toBeVisible();
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${server.origin}/streak`);
  await page.goto(`${server.origin}/past`);
  await page.getByRole('main').getByRole('article').getByRole('link').first().click();
  await page.waitForURL(/\/read\//);

  // Asked, and not ticked: the photo stays home unless the person says so.
  await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
  const asWhom = page.getByRole('dialog', { name: 'Share as whom?' });
  const sharePhotos = asWhom.getByLabel(/Share its photo too/);
  await expect(sharePhotos).toBeVisible();
  await expect(sharePhotos).not.toBeChecked();
  await sharePhotos.check();
  await expectNoAxeViolations(page, 'Share as whom? with photos');
  await screenshotEveryWay(page, shotsDir, 'share-with-photos');
  await asWhom.getByRole('button', { name: /^Sharer/ }).click();
  await page.waitForURL(`${server.origin}/world`);
  const card = page.getByRole('article').filter({ hasText: 'The lake at dawn' });
  const worldPhoto = card.getByRole('list', { name: 'Photos' }).getByRole('img', { name: 'Photo' });
  await expect(worldPhoto).toBeVisible();
  await expect
    .poll(() => worldPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1600);
  await screenshotEveryWay(page, shotsDir, 'world-with-photo', { fullPage: true });
  const publicUrl = (await worldPhoto.getAttribute('src')) ?? '';
  expect(publicUrl).toMatch(/^\/media\/pictures\//);
  const nobody = await request.newContext({ baseURL: server.origin });
  const copy = await nobody.get(publicUrl);
  expect(copy.status()).toBe(200);
  expect(hasGps((await sharp(await copy.body()).metadata()).exif)).toBe(false);

  // Unshared, the copy leaves the world.
  await page.goto(`${server.origin}/past`);
  await page.getByRole('main').getByRole('article').getByRole('link').first().click();
  await page.getByRole('main').getByRole('button', { name: 'Unshare', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Unshare this answer?' })
    .getByRole('button', { name: 'Unshare' })
    .click();
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Share', exact: true }),
  ).toBeVisible();
  expect((await nobody.get(publicUrl)).status()).toBe(404);
  await nobody.dispose();
  expect(errors).toEqual([]);
});

test("a new visitor's first editor asks for no photos before their session exists", async ({
  page,
}) => {
  // The session comes with /api/user/create's answer; a slow one leaves the editor open first.
  // Photos of an entry the server has never seen are none: asking would be a 401.
  const errors = watchPageErrors(page);
  await page.setViewportSize(PHONE);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/answer/photos')) asked.push(r.url());
  });
  let created = false;
  await page.route('**/api/user/create', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
    created = true;
  });
  await page.goto(`${server.origin}/answer/journal`);
  await expect(answerBox(page)).toBeEditable();
  await expect(page.getByRole('button', { name: 'Add photos' })).toBeVisible();
  await expect.poll(() => created).toBe(true);
  await answerBox(page).fill('first words');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});
