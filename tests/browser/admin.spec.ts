import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, keepRecoveryCodes, reflectState, settle, waitForSession } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// SPEC §2 admin routes, §4 prompt status transitions, §6 Admin: an admin (by MUSE_ADMINS)
// reviews what a writer submitted, edits, deletes and creates prompts, manages the admin list,
// reads users, answers and reported answers — and a writer who is no admin is turned away.

const ADMIN = 'AdaAdmin';
const WRITER = 'Bea Writer';
const PASSWORD = 'correct horse battery';
const SEA = 'What did the sea teach you?';
const SEA_EDITED = 'What did the sea teach you this year?';
const NIGHT = 'Which night do you keep coming back to?';
const CARRY = 'What are you carrying that you could set down?';
const ADMIN_ROUTES = [
  '/admin',
  '/submittedPrompts',
  '/managePrompts',
  '/editPrompt',
  '/newAdminPrompt',
  '/reported',
];
/** Chrome logs every 4xx response as a console error; only these refusals are expected. */
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 40[49]/;

type Prompt = { _id: string; title: string; categories: string[]; status: string };

function today() {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** The page's person, once the session exists too (the id is saved before it does). */
const userId = (page: Page): Promise<string> => waitForSession(page);

async function approvedTitles(page: Page): Promise<string[]> {
  const { prompts } = await call<{ prompts: Prompt[] }>(page, '/api/prompts/approved', {});
  return prompts.map((p) => p.title);
}

/** Screenshots at phone and desktop width; neither may scroll sideways or pass 900 px. */
async function shootBoth(page: Page, name: string): Promise<void> {
  // Let a status banner clear first: it would cover the screen's title.
  await expect(page.getByRole('status')).toHaveText('');
  for (const [viewport, label] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    await page.setViewportSize(viewport);
    await settle(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
        message: `${name} ${label} scrolls sideways`,
      })
      .toBe(true);
    const main = page.getByRole('main');
    await expect
      .poll(() => main.evaluate((el) => el.getBoundingClientRect().width))
      .toBeLessThanOrEqual(900);
    await screenshot(page, `admin-${name}-${label}`);
  }
  await page.setViewportSize(PHONE);
}

test.describe('admin screens', () => {
  // One story: later steps build on what earlier ones did, so a failure stops the rest.
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let adminErrors: string[];
  let writer: Page;
  let writerErrors: string[];
  let writerId = '';
  let seaId = '';
  let sharedAnswerId = '';

  async function newPage(browser: Browser) {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    contexts.push(context);
    const page = await context.newPage();
    return { page, errors: watchPageErrors(page) };
  }

  test.beforeAll(async ({ browser }) => {
    server = await startServer({ MUSE_ADMINS: ADMIN });
    ({ page: admin, errors: adminErrors } = await newPage(browser));
    ({ page: writer, errors: writerErrors } = await newPage(browser));
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await server?.stop();
  });

  test('signs the admin up on /login; the side menu then offers Admin', async () => {
    await admin.goto(`${server.origin}/stop`);
    await userId(admin);
    await admin.goto(`${server.origin}/login?mode=signup`);
    await admin.getByLabel('Name', { exact: true }).fill(ADMIN);
    await admin.getByLabel('Email').fill('ada@example.com');
    await admin.getByLabel('Password').fill(PASSWORD);
    await admin.getByRole('button', { name: 'Sign up', exact: true }).click();
    await admin.waitForURL(`${server.origin}/`);
    await keepRecoveryCodes(admin);
    await admin.getByRole('button', { name: 'Open menu' }).click();
    const menu = admin.getByRole('dialog', { name: 'Müse' });
    await menu.getByRole('link', { name: 'Admin', exact: true }).click();
    await admin.waitForURL(`${server.origin}/admin`);
    await expect(admin.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    await expect(admin).toHaveTitle('Müse | Admin');
    expect(adminErrors).toEqual([]);
  });

  test('lets a writer submit prompts and share an answer, and turns them away from admin screens', async () => {
    await writer.goto(`${server.origin}/stop`);
    writerId = await userId(writer);
    await call(writer, '/api/signup', {
      user: { _id: writerId, name: WRITER, email: 'bea@example.com', password: PASSWORD },
      ...today(),
    });
    for (const title of [SEA, NIGHT]) {
      await call(writer, '/api/prompt/create', {
        prompt: { _id: `p${Date.now()}${title.length}`, title, categories: ['Life'] },
      });
    }
    sharedAnswerId = `shared${Date.now()}`;
    await call(writer, '/api/answer/save', {
      answer: { _id: sharedAnswerId, prompt_title: 'A shared thought', text: 'Out loud, for all' },
    });
    await call(writer, '/api/answer/share', {
      answer_id: sharedAnswerId,
      anonymous: false,
      user_id: writerId,
    });
    await call(writer, '/api/answer/save', {
      answer: { _id: `private${Date.now()}`, prompt_title: 'Kept close', text: 'Only mine' },
    });

    // The client learns the writer's name; they are no admin: no link, and 'Admins only'.
    await writer.goto(`${server.origin}/`);
    await expect
      .poll(() => writer.evaluate(() => localStorage.getItem('reflect-state') ?? ''))
      .toContain(WRITER);
    await writer.getByRole('button', { name: 'Open menu' }).click();
    const menu = writer.getByRole('dialog', { name: 'Müse' });
    await expect(menu.getByRole('link', { name: 'My answers' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await writer.keyboard.press('Escape');
    for (const path of ADMIN_ROUTES) {
      await writer.goto(`${server.origin}${path}`);
      await expect(writer.getByRole('heading', { name: 'Admins only', level: 1 })).toBeVisible();
      await expect(writer).toHaveTitle('Müse | Admins only');
      await expect(writer.getByRole('link', { name: 'Back to müse' })).toHaveAttribute('href', '/');
    }
    await shootBoth(writer, 'admins-only');
    await writer.getByRole('link', { name: 'Back to müse' }).click();
    await writer.waitForURL(`${server.origin}/`);
    expect(writerErrors).toEqual([]);
  });

  test('approves one submitted prompt and rejects the other on /submittedPrompts', async () => {
    await admin.getByRole('link', { name: /^Submitted prompts/ }).click();
    await admin.waitForURL(`${server.origin}/submittedPrompts`);
    await expect(admin.getByRole('heading', { name: SEA })).toBeVisible();
    await expect(admin.getByText('2 prompts waiting', { exact: true })).toBeVisible();
    await expect(admin.getByRole('article', { name: SEA })).toContainText(`By ${WRITER}`);
    await shootBoth(admin, 'submitted');

    await admin.getByRole('button', { name: `Approve prompt: ${SEA}` }).click();
    await expect(admin.getByRole('status')).toHaveText('Prompt approved');
    await expect(admin.getByText('1 prompt waiting', { exact: true })).toBeVisible();
    await admin.getByRole('button', { name: `Reject prompt: ${NIGHT}` }).click();
    await expect(admin.getByText('Nothing is waiting for review.')).toBeVisible();
    // Focus went on from the buttons that left with their prompt: to the count line.
    await expect(admin.getByText('0 prompts waiting', { exact: true })).toBeFocused();

    const { prompts } = await call<{ prompts: Prompt[] }>(admin, '/api/prompts/submitted', {});
    expect(prompts).toEqual([]);
    const approved = await approvedTitles(admin);
    expect(approved).toContain(SEA);
    expect(approved).not.toContain(NIGHT);
    expect(adminErrors).toEqual([]);
  });

  test('finds the approved prompt on /managePrompts by searching', async () => {
    await admin.getByRole('link', { name: 'Manage prompts' }).click();
    await admin.waitForURL(`${server.origin}/managePrompts`);
    await expect(admin.getByRole('heading', { name: SEA })).toBeVisible();
    const rows = admin.getByRole('main').getByRole('article');
    const total = await rows.count();
    expect(total).toBeGreaterThan(20);
    await expect(admin.getByText(`${total} prompts`, { exact: true })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search prompts' }).fill('SEA teach');
    await expect(rows).toHaveCount(1);
    await expect(admin.getByText(`1 of ${total} prompts`, { exact: true })).toBeVisible();
    await shootBoth(admin, 'manage');
    const { prompts } = await call<{ prompts: Prompt[] }>(admin, '/api/prompts/approved', {});
    seaId = prompts.find((p) => p.title === SEA)?._id ?? '';
    expect(seaId).not.toBe('');
  });

  test('edits it on /editPrompt: replaced everywhere, the current answer takes the new title', async () => {
    // The admin starts answering the prompt: it becomes the current answer.
    await admin.goto(`${server.origin}/answer/${seaId}`);
    const promptTitle = admin.getByRole('heading', { level: 1 });
    await expect(promptTitle).toContainText(SEA);

    await admin.goto(`${server.origin}/managePrompts`);
    await admin.getByRole('searchbox', { name: 'Search prompts' }).fill('sea teach');
    await admin.getByRole('link', { name: `Edit prompt: ${SEA}` }).click();
    await admin.waitForURL(`${server.origin}/editPrompt?prompt=${seaId}`);
    const text = admin.getByLabel('Prompt', { exact: true });
    await expect(text).toHaveValue(SEA);
    await expect(admin.getByRole('button', { name: 'Life' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shootBoth(admin, 'edit');
    // SPEC §5 on the way: no categories → 'Please select some categories'.
    await admin.getByRole('button', { name: 'Life' }).click();
    await admin.getByRole('button', { name: 'Save prompt' }).click();
    await expect(admin.getByRole('alert').first()).toHaveText('Please select some categories');
    await admin.getByRole('button', { name: 'Growth' }).click();
    await text.fill(SEA_EDITED);
    await admin.getByRole('button', { name: 'Save prompt' }).click();
    await admin.waitForURL(`${server.origin}/managePrompts`);
    await expect(admin.getByRole('status')).toHaveText('Prompt saved');

    const { prompts } = await call<{ prompts: Prompt[] }>(admin, '/api/prompts/approved', {});
    expect(prompts.find((p) => p._id === seaId)).toMatchObject({
      title: SEA_EDITED,
      categories: ['Growth'],
      status: 'approved',
    });
    await admin.getByRole('searchbox', { name: 'Search prompts' }).fill('sea teach');
    await expect(
      admin.getByRole('main').getByRole('article').getByRole('heading', { level: 2 }),
    ).toHaveText([SEA_EDITED]);
    await admin.goto(`${server.origin}/answer`);
    await expect(promptTitle).toContainText(SEA_EDITED);
  });

  test('deletes it behind a confirm dialog: gone everywhere, the current answer cleared', async () => {
    await admin.goto(`${server.origin}/managePrompts`);
    await admin.getByRole('searchbox', { name: 'Search prompts' }).fill('sea teach');
    await admin.getByRole('button', { name: `Delete prompt: ${SEA_EDITED}` }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Delete this prompt?' });
    await expect(dialog).toBeVisible();
    await shootBoth(admin, 'manage-confirm-delete');
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const rows = admin.getByRole('main').getByRole('article');
    await expect(rows).toHaveCount(1);
    await admin.getByRole('button', { name: `Delete prompt: ${SEA_EDITED}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByRole('status')).toHaveText('Prompt deleted');
    await expect(rows).toHaveCount(0);
    expect(await approvedTitles(admin)).not.toContain(SEA_EDITED);
    await expect
      .poll(
        async () =>
          (await reflectState<{ state: { answer: unknown; prompts: { _id: string }[] } }>(admin))
            ?.state,
        { timeout: 5000 },
      )
      .toMatchObject({ answer: null });
    expect(adminErrors).toEqual([]);
  });

  test('creates an approved prompt on /newAdminPrompt', async () => {
    await admin.goto(`${server.origin}/admin`);
    await admin.getByRole('link', { name: /^New prompt/ }).click();
    await admin.waitForURL(`${server.origin}/newAdminPrompt`);
    await admin.getByRole('button', { name: 'Add prompt' }).click();
    await expect(admin.getByRole('alert').first()).toHaveText('Please add a prompt');
    await shootBoth(admin, 'new-prompt-error');
    // SPEC §5: the first letter is capitalised as typed.
    await admin.getByLabel('Prompt', { exact: true }).pressSequentially(CARRY.toLowerCase());
    await expect(admin.getByLabel('Prompt', { exact: true })).toHaveValue(CARRY);
    await admin.getByRole('button', { name: 'Self' }).click();
    await admin.getByRole('button', { name: 'Add prompt' }).click();
    await admin.waitForURL(`${server.origin}/managePrompts`);
    await expect(admin.getByRole('status')).toHaveText('Prompt added');
    await expect(
      admin.getByRole('main').getByRole('article').first().getByRole('heading', { level: 2 }),
    ).toHaveText(CARRY);
    const { prompts } = await call<{ prompts: Prompt[] }>(admin, '/api/prompts/approved', {});
    expect(prompts.find((p) => p.title === CARRY)).toMatchObject({
      categories: ['Self'],
      status: 'approved',
    });
  });

  test('adds and removes an admin by name on /admin, and shows why a removal is refused', async () => {
    await admin.goto(`${server.origin}/admin`);
    const admins = admin.getByRole('region', { name: 'Admins' });
    const people = admins.getByRole('list');
    await expect(people).toContainText(ADMIN);
    const name = admin.getByLabel('Name of the user to make an admin');
    const problem = admins.getByRole('alert');

    await name.fill('Nobody here');
    await admin.getByRole('button', { name: 'Add admin' }).click();
    await expect(problem).toHaveText("There is no user named 'Nobody here'");

    await name.fill(WRITER);
    await admin.getByRole('button', { name: 'Add admin' }).click();
    await expect(admin.getByRole('status')).toHaveText(`${WRITER} is an admin`);
    await expect(people).toContainText(WRITER);
    expect(
      (await call<{ admin: { name: string }[] }>(admin, '/api/admin', {})).admin.map((a) => a.name),
    ).toContain(WRITER);
    await expect(name).toHaveValue('');

    await admin.getByRole('button', { name: `Remove ${WRITER} as admin` }).click();
    const dialog = admin.getByRole('alertdialog', { name: `Remove ${WRITER} as an admin?` });
    await expect(dialog).toBeVisible();
    await shootBoth(admin, 'remove-admin-confirm');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(admin.getByRole('status')).toHaveText(`${WRITER} is no longer an admin`);
    await expect(people).not.toContainText(WRITER);

    // MUSE_ADMINS admins are removed in the configuration only (409).
    await admin.getByRole('button', { name: `Remove ${ADMIN} as admin` }).click();
    await admin
      .getByRole('alertdialog', { name: `Remove ${ADMIN} as an admin?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(problem).toContainText('can only be removed there');
    await expect(people).toContainText(ADMIN);
    expect(adminErrors.filter((e) => !EXPECTED_REFUSAL.test(e))).toEqual([]);
  });

  test('lists users and answers on /admin: private answers show as Private', async () => {
    await admin.goto(`${server.origin}/admin`);
    const users = admin.getByRole('region', { name: 'Users' });
    await expect(users).toContainText(WRITER);
    await expect(users).toContainText('bea@example.com');
    const answers = admin.getByRole('region', { name: 'Answers' });
    await expect(answers).toContainText('Out loud, for all');
    await expect(answers).toContainText('Private');
    await expect(answers).not.toContainText('Only mine');
    await shootBoth(admin, 'hub');
  });

  test('shows a reported answer with its report count on /reported', async () => {
    await call(admin, '/api/answer/report', { answer_id: sharedAnswerId });
    await admin.getByRole('link', { name: /^Flagged answers/ }).click();
    await admin.waitForURL(`${server.origin}/reported`);
    const card = admin.getByRole('article', { name: 'A shared thought, 1 flag' });
    await expect(card).toContainText('Out loud, for all');
    await expect(card).toContainText(WRITER);
    await shootBoth(admin, 'reported');
    expect(adminErrors.filter((e) => !EXPECTED_REFUSAL.test(e))).toEqual([]);
  });

  test('clears the flags on a reported answer that looks fine; it stays in the world', async () => {
    const card = admin.getByRole('article', { name: 'A shared thought, 1 flag' });
    await card
      .getByRole('button', { name: 'Looks fine — clear the flags: A shared thought' })
      .click();
    await expect(admin.getByRole('status')).toHaveText('Flags cleared; it stays in the world');
    await expect(card).toHaveCount(0);
    await expect(admin.getByText('0 answers flagged', { exact: true })).toBeVisible();
    await expect(admin.getByText('0 answers flagged', { exact: true })).toBeFocused();
    const { sharedAnswers } = await call<{ sharedAnswers: { _id: string }[] }>(
      admin,
      '/api/answer/shared',
      { page: 1 },
    );
    expect(sharedAnswers.map((a) => a._id)).toContain(sharedAnswerId);
    // Still cleared after a reload (the server forgot the flags); flagged again, it is back.
    await admin.reload();
    await expect(admin.getByText('0 answers flagged', { exact: true })).toBeVisible();
    await call(admin, '/api/answer/report', { answer_id: sharedAnswerId });
    await admin.reload();
    await expect(card).toBeVisible();
    expect(adminErrors.filter((e) => !EXPECTED_REFUSAL.test(e))).toEqual([]);
  });

  test('takes a reported answer out of the world after a confirm; its author keeps it', async () => {
    const card = admin.getByRole('article', { name: 'A shared thought, 1 flag' });
    const remove = card.getByRole('button', { name: 'Remove from the world: A shared thought' });
    const confirm = admin.getByRole('alertdialog', { name: 'Remove from the world?' });
    // Cancel changes nothing.
    await remove.click();
    await expect(confirm).toBeVisible();
    await shootBoth(admin, 'reported-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();

    await remove.click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(admin.getByRole('status')).toHaveText('Removed from the world');
    await expect(card).toHaveCount(0);
    await expect(admin.getByText('0 answers flagged', { exact: true })).toBeVisible();
    const { sharedAnswers } = await call<{ sharedAnswers: { _id: string }[] }>(
      admin,
      '/api/answer/shared',
      { page: 1 },
    );
    expect(sharedAnswers.map((a) => a._id)).not.toContain(sharedAnswerId);
    const { answers } = await call<{ answers: { _id: string; text: string; shared: boolean }[] }>(
      writer,
      '/api/user/answers',
      { _id: writerId },
    );
    expect(answers.find((a) => a._id === sharedAnswerId)).toMatchObject({
      text: 'Out loud, for all',
      shared: false,
    });
    expect(adminErrors.filter((e) => !EXPECTED_REFUSAL.test(e))).toEqual([]);
  });

  test('passes the WCAG A/AA rules of axe-core on the admin screens left empty', async () => {
    // /admin, /managePrompts and /newAdminPrompt (and these two, with something in them) are
    // axe'd in both themes in axe-every-screen.spec.ts; here only the empty lists are left.
    test.setTimeout(120_000);
    for (const path of ['/submittedPrompts', '/reported']) {
      await admin.goto(`${server.origin}${path}`);
      await expect(admin.getByRole('main')).toBeVisible();
      await admin.waitForLoadState('networkidle');
      await expectNoAxeViolations(admin, path);
    }
  });
});
