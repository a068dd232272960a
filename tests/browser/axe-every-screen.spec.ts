import { randomUUID } from 'node:crypto';
import {
  type Browser,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
  type WorkerInfo,
} from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import {
  call,
  keepRecoveryCodes,
  openAnswerFilters,
  openAsNewVisitor,
  reflectState,
  settle,
  waitForSession,
} from './support/page.ts';
import { type ApiUser, apiUser, PASSWORD, savedUser, shareAnswer } from './support/people.ts';
import { justAfterTheHour, type RunningServer, startServer } from './support/server.ts';
import { todayKey } from './support/today.ts';

// Issue 16 "accessible by measurement": axe-core's WCAG 2.0/2.1 A and AA rules find nothing on
// any screen of the app — as a visitor, as a member, as an admin, with its dialogs open — in
// the light theme and in the dark one at phone width, and (the @layout tag) in the light theme
// at desktop width.
// Colour contrast is one of those rules, so every date, hint and button is measured too.
//
// Adamant (made through the API) shares answers and submits a prompt, so no screen is empty.
// Ida, whose name makes her an admin, is seen three ways, each on a server of its own, so the
// two workers can share the file:
// - a visitor who signs up, answers and shares, through the forms (one serial story);
// - Ida with that answer shared (made through the API, signed in through the form), opening
//   her menus, dialogs and confirmations, a conflict and the passcode lock (a second story);
// - every screen that only needs opening, on a server per worker, in a visitor's page or in
//   Ida's (signed in), one test a screen: Playwright gives these to either worker.

const IDA = 'Ida';
const PROMPT = 'seed-life-01';
const PROMPT_TITLE = 'What did today teach you?';
const SEA = 'The sea in the morning, before anyone is up';
const QUIET = 'Quiet is not the same as empty';
const MINE = 'The tide goes out and comes back';
const SUBMITTED = 'What did the sea teach you?';
/**
 * A screen's address at the moment it is opened: `{today}` is today's date (that of Ida's answer). Test titles keep
 * the placeholder, so they read the same in the runner and in a worker started after midnight.
 */
const addressOf = (screen: Screen) => screen.path.replace('{today}', todayKey());

/** A screen: its address, its document title (none: titled by what loads), what it shows. */
type Screen = {
  path: string;
  title: string | null;
  shows: (page: Page) => Locator;
  /** A name for its screenshots, for the screens a person should look at in both themes. */
  shot?: string;
};

const promptButton = (page: Page) => page.getByRole('button', { name: / \(more actions\)$/ });
const worldItem = (page: Page, text: string) =>
  page
    .getByRole('list', { name: 'Shared answers', exact: true })
    .getByRole('listitem')
    .filter({ hasText: text });
const answerBox = (page: Page) => page.getByLabel('Your answer');
const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** What a visitor (no name yet) can open. */
const VISITOR_SCREENS: Screen[] = [
  { path: '/world', title: 'Müse world', shows: (p) => worldItem(p, SEA) },
  {
    path: '/shared',
    title: 'Shared answers',
    shows: (p) => p.getByRole('link', { name: 'Sign up' }),
  },
  {
    path: '/newPrompt',
    title: 'Add a prompt',
    shows: (p) => p.getByRole('heading', { name: 'Sign up to add prompts' }),
  },
  {
    path: '/login',
    title: 'Sign in',
    shows: (p) => p.getByRole('button', { name: 'Sign in', exact: true }),
  },
  { path: '/forgot-password', title: 'Forgot password', shows: (p) => p.getByRole('main') },
  { path: '/reset-password', title: 'Choose a new password', shows: (p) => p.getByRole('main') },
];

/** What Ida opens once she has a name, an answer she shared, and admin rights. */
const MEMBER_SCREENS: Screen[] = [
  {
    path: '/',
    title: 'Daily Reflection',
    shows: (p) => p.getByRole('list', { name: 'Categories' }),
  },
  {
    path: '/home',
    title: 'Welcome',
    shows: (p) => p.getByRole('list', { name: 'Shared answers', exact: true }),
  },
  { path: '/answer/today', title: null, shows: answerBox },
  { path: '/answer/journal', title: null, shows: answerBox },
  { path: '/answer?category=Gratitude', title: null, shows: answerBox },
  {
    path: `/answer/${PROMPT}`,
    title: null,
    shows: (p) => p.getByRole('link', { name: 'See how others answered this' }),
  },
  { path: '/streak', title: 'Streak', shows: mainHeading },
  { path: '/past', title: 'My answers', shows: (p) => p.getByRole('main').getByRole('article') },
  {
    path: '/past?day={today}',
    title: 'My answers',
    shows: (p) => p.getByRole('main').getByRole('article').filter({ hasText: MINE }),
  },
  { path: '/world', title: 'Müse world', shows: (p) => worldItem(p, MINE), shot: 'world' },
  {
    path: `/world?prompt=${PROMPT}`,
    title: 'How others answered',
    shows: (p) => p.getByRole('list', { name: 'How others answered this prompt' }),
    shot: 'prompt-world',
  },
  {
    path: '/world?prompt=seed-life-02',
    title: 'How others answered',
    shows: (p) => p.getByRole('heading', { name: 'Answer first, then see how others answered' }),
  },
  {
    path: '/shared',
    title: 'Shared answers',
    shows: (p) => p.getByRole('main').getByRole('article'),
    shot: 'shared',
  },
  {
    path: '/user/nobody-by-this-id',
    title: 'Not found',
    shows: (p) => p.getByRole('heading', { name: 'We could not find this person' }),
  },
  { path: '/newPrompt', title: 'Add a prompt', shows: (p) => p.getByLabel('Your prompt') },
  {
    path: '/userProfile',
    title: 'My profile',
    shows: (p) => p.getByRole('heading', { name: IDA }),
    shot: 'profile',
  },
  {
    path: '/userSettings',
    title: 'Settings',
    shows: (p) => p.getByRole('group', { name: 'Appearance' }),
  },
  { path: '/about', title: 'About', shows: mainHeading },
  { path: '/privacy', title: 'Privacy', shows: mainHeading },
  { path: '/terms', title: 'Terms', shows: mainHeading },
  { path: '/stop', title: 'Take a break', shows: mainHeading },
  { path: '/no/such/page', title: 'Not found', shows: mainHeading },
  {
    path: '/admin',
    title: 'Admin',
    shows: (p) => p.getByRole('link', { name: /^Submitted prompts/ }),
  },
  {
    path: '/submittedPrompts',
    title: 'Submitted prompts',
    shows: (p) => p.getByRole('heading', { name: SUBMITTED }),
  },
  {
    path: '/managePrompts',
    title: 'Manage prompts',
    shows: (p) => p.getByRole('main').getByRole('article').first(),
  },
  {
    path: `/editPrompt?prompt=${PROMPT}`,
    title: 'Edit prompt',
    shows: (p) => p.getByRole('main').getByRole('textbox').first(),
  },
  {
    path: '/newAdminPrompt',
    title: 'New prompt',
    shows: (p) => p.getByRole('main').getByRole('textbox').first(),
  },
];

/** A server with Adamant's two shares (one anonymous, in the world by now) and his submitted prompt. */
async function startWorld(): Promise<{ server: RunningServer; ada: ApiUser }> {
  const server = await startServer({ MUSE_ADMINS: IDA }, { movableClock: true });
  const ada = await apiUser(server.origin, 'Adamant');
  await shareAnswer(ada, { promptId: PROMPT, promptTitle: PROMPT_TITLE, text: SEA });
  await shareAnswer(ada, { promptTitle: 'A quiet place', text: QUIET, anonymous: true });
  // An anonymous share joins the world on the hour (decision 057): the server's clock goes there.
  await server.setClock(justAfterTheHour());
  await ada.post('/api/prompt/create', {
    prompt: { _id: randomUUID().replaceAll('-', ''), title: SUBMITTED, categories: ['Life'] },
  });
  return { server, ada };
}

/**
 * Ida as the first story leaves her, made through the API (the forms are that story's subject):
 * signed up, and her answer to PROMPT shared by name.
 */
async function makeIda(origin: string): Promise<void> {
  const ida = await apiUser(origin, IDA);
  await shareAnswer(ida, { promptId: PROMPT, promptTitle: PROMPT_TITLE, text: MINE });
}

/** Signs the page in as Ida through the form, and waits until this device has saved her answer. */
async function signInAsIda(page: Page, origin: string): Promise<void> {
  await openAsNewVisitor(page, `${origin}/login`);
  await page.getByLabel('Name or email').fill(IDA);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(async () => (await savedUser(page))?.name).toBe(IDA);
  await expect.poll(async () => JSON.stringify(await reflectState(page))).toContain(MINE);
}

/** A page of its own for a worker, at the project's width, made ready by `prepare`. */
async function workerPage(
  browser: Browser,
  workerInfo: WorkerInfo,
  prepare: (page: Page) => Promise<void>,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: workerInfo.project.use.viewport ?? PHONE,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await prepare(page);
  return page;
}

/**
 * The screens' world, one per worker: a server as startWorld leaves it with Ida made too, and
 * two pages that go from screen to screen as a person would: a visitor's after a first visit,
 * and Ida's, signed in. Opening a screen changes nothing, so the tests share them.
 */
const test = base.extend<object, { screensOrigin: string; visitorPage: Page; idaPage: Page }>({
  screensOrigin: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const { server } = await startWorld();
      await makeIda(server.origin);
      await use(server.origin);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  visitorPage: [
    async ({ browser, screensOrigin: origin }, use, workerInfo) => {
      const page = await workerPage(browser, workerInfo, async (page) => {
        await openAsNewVisitor(page, `${origin}/`);
        await page.waitForURL(`${origin}/home`);
        await waitForSession(page);
      });
      await use(page);
      await page.context().close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  idaPage: [
    async ({ browser, screensOrigin: origin }, use, workerInfo) => {
      const page = await workerPage(browser, workerInfo, (page) => signInAsIda(page, origin));
      await use(page);
      await page.context().close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** The console errors and uncaught exceptions of `page` while `during` runs. */
async function errorsWhile(page: Page, during: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  const onError = (error: Error) => errors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    await during();
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
  return errors;
}

/**
 * axe on the screen as it is now: in the light theme, then in the dark one at phone width; at
 * desktop width in the light theme only, for what a wide layout shows differently (both widths
 * draw with the same colours, measured in both themes at phone width).
 */
async function expectAccessible(page: Page, screen: string, shot?: string): Promise<void> {
  const width = page.viewportSize()?.width ?? PHONE.width;
  const schemes = width === PHONE.width ? (['light', 'dark'] as const) : (['light'] as const);
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    // Colours ease between themes: measure them settled.
    await settle(page);
    await expectNoAxeViolations(page, `${screen} (${scheme}, ${width} px)`);
    if (shot) await screenshot(page, `axe-${shot}-${scheme}-${width}`);
  }
}

/** Opens a screen, waits for its title and what it shows, and runs axe in both themes. */
async function visit(page: Page, origin: string, screen: Screen): Promise<void> {
  await page.goto(`${origin}${addressOf(screen)}`);
  if (screen.title) await expect(page).toHaveTitle(`Müse | ${screen.title}`);
  await expect(screen.shows(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, addressOf(screen), screen.shot);
}

test.describe('every screen passes axe-core in both themes', { tag: '@layout' }, () => {
  // Each screen is axe'd twice (light, dark): seconds each on a busy machine, over a minute for
  // /managePrompts and its hundred prompts when the machine is loaded (load average 22 on two
  // cores).
  test.describe.configure({ timeout: 240_000 });

  test.describe('a visitor signs up, answers and shares, through the forms', () => {
    // One story: each step needs what the one before did.
    test.describe.configure({ mode: 'serial' });
    let server: RunningServer;
    let origin: string;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    test.beforeAll(async ({ browser }, testInfo) => {
      ({ server } = await startWorld());
      origin = server.origin;
      context = await browser.newContext({
        viewport: testInfo.project.use.viewport ?? PHONE,
        reducedMotion: 'reduce',
      });
      page = await context.newPage();
      errors = watchPageErrors(page);
    });
    test.afterAll(async () => {
      await context?.close();
      await server?.stop();
    });

    test('/home on a first visit', async () => {
      await page.goto(`${origin}/`);
      await page.waitForURL(`${origin}/home`);
      await expect(page.getByRole('main').getByText(SEA)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, '/home, a first visit', 'home-visitor');
      await expect.poll(async () => (await savedUser(page))?._id ?? '').not.toBe('');
      expect(errors).toEqual([]);
    });

    test('the question a visitor gets when sending love', async () => {
      await page.goto(`${origin}/world`);
      await worldItem(page, SEA).getByRole('button', { name: /^Love/ }).click();
      const ask = page.getByRole('alertdialog', { name: 'Sign up to send love' });
      await expect(ask).toBeVisible();
      await expectAccessible(page, 'the sign-up-to-love question');
      await ask.getByRole('button', { name: 'Not now' }).click();
      await expect(ask).toBeHidden();
    });

    test('sign-up, and the recovery codes it shows once', async () => {
      await visit(page, origin, {
        path: '/login?mode=signup',
        title: 'Sign up',
        shows: (p) => p.getByRole('button', { name: 'Sign up', exact: true }),
      });
      await page.getByLabel('Name', { exact: true }).fill(IDA);
      await page.getByLabel('Email').fill('ida@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
      await expect(codes.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
      await expectAccessible(page, 'the recovery codes dialog', 'recovery-codes');
      await keepRecoveryCodes(page);
      await expect.poll(async () => (await savedUser(page))?.name).toBe(IDA);
      expect(errors).toEqual([]);
    });

    test('answering, the streak, the answer at its address, its sheet and the share modal', async () => {
      // Ida answers the prompt Adamant shared an answer to, and shares hers by name.
      await page.goto(`${origin}/answer/${PROMPT}`);
      await answerBox(page).fill(MINE);
      await page.getByRole('button', { name: 'Done', exact: true }).click();
      await page.waitForURL(`${origin}/streak`);
      await expect(mainHeading(page)).toHaveText('1 day streak');
      // Issue 35: the bar says what the screen shows, not "Müse".
      await expect(page.locator('.app-header-title')).toHaveText('Streak');
      await expect(page).toHaveTitle('Müse | Streak');
      await expect(page.getByRole('status')).toHaveText('Answer saved');
      await expectAccessible(page, '/streak with its status message');

      await page.goto(`${origin}/past`);
      await page.getByRole('button', { name: /^Edit answer: / }).click();
      await page.waitForURL(/\/answer\/a\/[A-Za-z0-9_-]+$/);
      await expect(answerBox(page)).toHaveValue(MINE);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, '/answer/a/{id}');
      await promptButton(page).click();
      const sheet = page.getByRole('dialog', { name: 'This prompt' });
      await expect(sheet.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
      await expectAccessible(page, 'the action sheet');
      await sheet.getByRole('button', { name: 'Share', exact: true }).click();
      const modal = page.getByRole('dialog', { name: 'Share as whom?' });
      await expect(modal.getByRole('button', { name: /^Ida/ })).toBeVisible();
      await expectAccessible(page, 'the share modal');
      await modal.getByRole('button', { name: /^Ida/ }).click();
      await page.waitForURL(`${origin}/world`);
      await expect(worldItem(page, MINE)).toBeVisible();
      expect(errors).toEqual([]);
    });
  });

  test.describe('Ida, her answer shared: menus, dialogs, confirmations, a conflict, the lock', () => {
    // One story: the confirmations flag an answer that /reported then lists, the conflict adds
    // an answer, and the passcode lock is set: no other test must meet those.
    test.describe.configure({ mode: 'serial' });
    let server: RunningServer;
    let origin: string;
    let ada: ApiUser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    test.beforeAll(async ({ browser }, testInfo) => {
      ({ server, ada } = await startWorld());
      origin = server.origin;
      await makeIda(origin);
      context = await browser.newContext({
        viewport: testInfo.project.use.viewport ?? PHONE,
        reducedMotion: 'reduce',
      });
      page = await context.newPage();
      errors = watchPageErrors(page);
      await signInAsIda(page, origin);
    });
    test.afterAll(async () => {
      await context?.close();
      await server?.stop();
    });

    test('My answers with its filters open, and an answer opened to read', async () => {
      await page.goto(`${origin}/past`);
      await expect(page.getByRole('main').getByRole('article')).toBeVisible();
      // On a phone the search, dates, category and calendar fold behind "Filter" (issue 35).
      await openAnswerFilters(page);
      await expectAccessible(page, '/past, its filters open');
      // The card's title opens it to read.
      const open = page
        .getByRole('main')
        .getByRole('article')
        .getByRole('heading')
        .getByRole('link');
      const title = (await open.textContent()) ?? '';
      await open.click();
      await page.waitForURL(/\/read\/[A-Za-z0-9_-]+$/);
      await expect(mainHeading(page)).toHaveText(title);
      await expect(page.getByRole('main').getByText(MINE)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, '/read/{id}', 'read');
      expect(errors).toEqual([]);
    });

    test('the side menu', async () => {
      await page.goto(`${origin}/`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Müse' });
      await expect(menu.getByRole('link', { name: 'My answers' })).toBeVisible();
      await expectAccessible(page, 'the side menu');
      // The profile row: one link named "Ida: my profile", the avatar beside it.
      const profile = menu.getByRole('link', { name: `${IDA}: my profile` });
      await profile.focus();
      await expect(profile).toBeFocused();
      await expectAccessible(page, 'the side menu, its profile link focused', 'side-menu');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    });

    test('/answerSettings, from the sheet', async () => {
      await page.goto(`${origin}/answer/${PROMPT}`);
      await promptButton(page).click();
      await page
        .getByRole('dialog', { name: 'This prompt' })
        .getByRole('button', { name: 'My answers to this prompt' })
        .click();
      await page.waitForURL(`${origin}/answerSettings`);
      await expect(page.getByRole('main').getByRole('article')).toContainText(MINE);
      await expectAccessible(page, '/answerSettings');
    });

    test(`another person's profile`, async () => {
      await visit(page, origin, {
        path: `/user/${ada.id}`,
        title: 'Adamant',
        shows: (p) => p.getByRole('heading', { level: 1, name: 'Adamant' }),
        shot: 'profile-other',
      });
      // Issue 35: the bar names the person, not "Müse".
      await expect(page.locator('.app-header-title')).toHaveText('Adamant');
    });

    test('the confirmations: delete an answer, take back love, flag, unshare, delete the account', async () => {
      await page.goto(`${origin}/past`);
      await page.getByRole('button', { name: /^Delete answer: / }).click();
      const remove = page.getByRole('alertdialog', { name: 'Delete this answer?' });
      await expect(remove).toBeVisible();
      await expectAccessible(page, 'the delete-answer confirmation');
      await page.keyboard.press('Escape');
      await expect(remove).toBeHidden();

      await page.goto(`${origin}/world`);
      const love = worldItem(page, SEA).getByRole('button', { name: /^Love/ });
      await love.click();
      await expect(love).toHaveAttribute('aria-pressed', 'true');
      await love.click();
      const takeBack = page.getByRole('alertdialog', { name: 'Take back your love' });
      await expect(takeBack).toBeVisible();
      await expectAccessible(page, 'the take-back-love confirmation');
      await takeBack.getByRole('button', { name: 'Keep my love' }).click();
      await expect(takeBack).toBeHidden();
      await worldItem(page, QUIET).getByRole('button', { name: 'Flag for review' }).click();
      const flag = page.getByRole('alertdialog', { name: 'Flag for review' });
      await expect(flag).toBeVisible();
      await expectAccessible(page, 'the flag confirmation');
      await flag.getByRole('button', { name: 'Flag', exact: true }).click();
      const flagged = worldItem(page, QUIET).getByRole('button', { name: 'Flagged' });
      await expect(flagged).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(page, '/world with a loved and a flagged answer', 'world-flagged');

      await page.goto(`${origin}/shared`);
      await page.getByRole('button', { name: /^Unshare: / }).click();
      const unshare = page.getByRole('alertdialog', { name: 'Unshare this answer?' });
      await expect(unshare).toBeVisible();
      await expectAccessible(page, 'the unshare confirmation');
      await page.keyboard.press('Escape');
      await expect(unshare).toBeHidden();
      await page.getByRole('button', { name: 'Share to…' }).click();
      const shareTo = page.getByRole('dialog', { name: 'Share to…' });
      await expect(shareTo.getByRole('link', { name: 'Email' })).toBeFocused();
      await expectAccessible(page, 'the Share to… menu');
      await page.keyboard.press('Escape');
      await expect(shareTo).toBeHidden();

      await page.goto(`${origin}/userProfile`);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const account = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await expect(account.getByLabel('Password')).toBeVisible();
      await expectAccessible(page, 'the delete-account question');
      await page.keyboard.press('Escape');
      await expect(account).toBeHidden();
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    });

    test('/reported lists the answer Ida flagged', async () => {
      await visit(page, origin, {
        path: '/reported',
        title: 'Flagged answers',
        shows: (p) => p.getByRole('main').getByText(QUIET),
      });
    });

    test('the conflict dialog: the same answer changed on another device', async () => {
      // An answer at its first revision opens in the editor here…
      const id = randomUUID().replaceAll('-', '');
      const first = { _id: id, prompt_id: null, prompt_title: 'Two devices', text: 'First words' };
      const saved = await call<{ answer: { revision: number } }>(page, '/api/answer/save', {
        answer: first,
      });
      await page.goto(`${origin}/answer/a/${id}`);
      await expect(answerBox(page)).toHaveValue('First words');
      // …another device saves it from that revision…
      await call(page, '/api/answer/save', {
        answer: { ...first, text: 'Their words', base_revision: saved.answer.revision },
      });
      // …and this device's save, from the older revision, meets it.
      await answerBox(page).press('End');
      await answerBox(page).pressSequentially(' and mine');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('alertdialog', {
        name: 'This answer was changed on another device',
      });
      await expect(dialog.getByRole('button', { name: 'Keep both' })).toBeFocused();
      await expectAccessible(page, 'the conflict dialog', 'conflict');
      await dialog.getByRole('button', { name: 'Keep both' }).click();
      await expect(dialog).toBeHidden();
      // The browser notes the 409 that revealed the conflict; nothing else may fail.
      expect(errors.filter((e) => !/404|409/.test(e))).toEqual([]);
    });

    test('the passcode lock', async () => {
      await page.goto(`${origin}/userSettings`);
      const passcode = page.getByRole('region', { name: 'Passcode' });
      await passcode.getByLabel('Passcode').fill('1234');
      await page.getByRole('button', { name: 'Set passcode' }).click();
      await expect(page.getByRole('button', { name: 'Remove passcode' })).toBeVisible();
      await page.reload();
      const lock = page.getByRole('dialog', { name: 'Enter your passcode' });
      await expect(lock.getByLabel('Passcode')).toBeFocused();
      await expectAccessible(page, 'the passcode lock', 'passcode');
      await lock.getByLabel('Passcode').pressSequentially('1234');
      await expect(lock).toBeHidden();
      // Unlocking lands on the page's heading, as a route change would.
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();

      // Settings with a passcode set: the current passcode is asked before a change…
      await expect(passcode.getByLabel('Current passcode or password')).toBeVisible();
      await expectAccessible(page, 'settings with a passcode set', 'settings-passcode-set');
      // …and before removing it, in a dialog (issue 34 point 4).
      await passcode.getByRole('button', { name: 'Remove passcode' }).click();
      const prompt = page.getByRole('alertdialog', { name: 'Remove the passcode?' });
      await expect(prompt.getByLabel('Passcode or password')).toBeFocused();
      await prompt.getByRole('button', { name: 'Remove passcode' }).click();
      await expect(prompt.getByRole('alert')).toHaveText(
        'Please enter your passcode or your password',
      );
      await expectAccessible(page, 'the remove-passcode prompt', 'remove-passcode');
      await page.keyboard.press('Escape');
      await expect(prompt).toBeHidden();
    });
  });

  test.describe('each screen, opened in turn', () => {
    // Opening a screen changes nothing: either worker may take any of these.
    test.describe.configure({ mode: 'parallel' });

    for (const screen of VISITOR_SCREENS) {
      test(`${screen.path} as a visitor`, async ({ visitorPage: page, screensOrigin }) => {
        const errors = await errorsWhile(page, () => visit(page, screensOrigin, screen));
        expect(errors).toEqual([]);
      });
    }

    for (const screen of MEMBER_SCREENS) {
      test(screen.path, async ({ idaPage: page, screensOrigin }) => {
        const errors = await errorsWhile(page, () => visit(page, screensOrigin, screen));
        expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
      });
    }
  });
});
