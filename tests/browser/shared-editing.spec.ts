import fs from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { capture, DESKTOP, PHONE, watchPageErrors } from './support/browser.ts';
import { call, reflectState, settle } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Decision 015, as Cleo lives it: she shares today's journal entry by name, and the Journal
// tile then starts a new private entry instead of writing on the shared one. Opened again, the
// shared entry says it is in the world; once she has edited it and is done — Save, or leaving the
// entry — it asks "Update the shared copy too?" (never while she types: issue 35 point 4), and
// each answer does what it says — which Dan, another person, checks on the world feed. Every
// answer has its own address that survives a reload, with Save and Ctrl+Enter.

const PASSWORD = 'a long enough password';
const SHOTS = '/tmp/h12-editor-shots';
const FIRST = 'Walked the long way home under the plane trees';
const KEPT_EDIT = ' and said nothing to anyone';
const UPDATED_EDIT = ' and felt lighter for it';
const ANSWER_ADDRESS = /\/answer\/a\/([A-Za-z0-9_-]+)$/;
const BADGE = 'Shared with the world as Cleo';
/** A key at a time: with both cores busy a key can take 300 ms, beyond the action timeout. */
const TYPING = { timeout: 30_000 };

type Saved = { state: { user: { _id: string; name: string } } };
type Own = { _id: string; text: string; shared: boolean; sharedText?: string | null };
type Feed = { sharedAnswers: { _id: string; text: string }[] };

/** expect.poll for what the screen does not show: the server's copies, the saved state. */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

/** `${name}.png` in the light theme and `${name}-dark.png` in the dark one. */
async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settle(page);
    const file = scheme === 'light' ? name : `${name}-dark`;
    await capture(page, { path: `${SHOTS}/${file}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

function todayLabel(): string {
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const now = new Date();
  return `${months[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`;
}

test.describe('a shared answer in the editor, and answers at their own address', () => {
  // One story: later steps build on what earlier ones did, so a failure stops the rest.
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let cleo: BrowserContext;
  let dan: BrowserContext;
  let page: Page;
  let other: Page;
  let errors: string[];
  let sharedId = '';

  const box = () => page.getByLabel('Your answer');
  const updateDialog = () => page.getByRole('alertdialog', { name: 'Update the shared copy too?' });
  /** The badge above a shared answer: what it says and its Unshare button. */
  const badgeText = () => page.getByRole('main').getByText(/^Shared (with the world as|anon)/);
  const badgeUnshare = () => page.getByRole('main').getByRole('button', { name: 'Unshare' });
  /** Dan's world feed: one list item per shared answer. */
  const feedEntries = () => other.getByRole('main').getByRole('listitem');
  /** The world feed's text of the shared entry, as Dan's session reads it (null: not there). */
  const worldText = async (): Promise<string | null> => {
    const { sharedAnswers } = await call<Feed>(other, '/api/answer/shared', { page: 1 });
    return sharedAnswers.find((a) => a._id === sharedId)?.text ?? null;
  };
  const serverCopy = async (): Promise<Own | undefined> => {
    const id = (await reflectState<Saved>(page))?.state.user._id;
    const { answers } = await call<{ answers: Own[] }>(page, '/api/user/answers', { _id: id });
    return answers.find((a) => a._id === sharedId);
  };
  /** The editor says the save reached the server (before the test leaves or reopens it). */
  const savedOnServer = () =>
    expect(box()).toHaveAccessibleDescription('Saved', { timeout: 15_000 });
  /**
   * Types `text` at the end of the answer without a question — not even after the pause that
   * saves it — then presses Save, which asks, and answers `choice`.
   */
  const editAnswering = async (text: string, choice: string) => {
    await box().press('Control+End');
    await box().pressSequentially(text, TYPING);
    await savedOnServer();
    await expect(updateDialog()).toBeHidden();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await updateDialog().getByRole('button', { name: choice, exact: true }).click();
    await expect(updateDialog()).toBeHidden();
  };
  /** Opens the shared entry from /shared: a new editing session. */
  const openFromShared = async () => {
    await page.goto(`${server.origin}/shared`);
    const link = page.getByRole('link', { name: new RegExp(`^${todayLabel()}`) });
    await expect(link).toBeVisible();
    const width = page.viewportSize()?.width ?? 0;
    // axe on /shared with a shared answer: axe-every-screen.spec.ts.
    await shot(page, `shared-list-${width}`);
    await link.click();
    await page.waitForURL(ANSWER_ADDRESS);
    // Editable once the latest version has come from the server (decision 013).
    await expect(box()).toBeEditable();
  };

  test.beforeAll(async ({ browser }) => {
    server = await startServer();
    const options = { viewport: PHONE, reducedMotion: 'reduce' as const };
    [cleo, dan] = await Promise.all([browser.newContext(options), browser.newContext(options)]);
    [page, other] = await Promise.all([cleo.newPage(), dan.newPage()]);
    errors = watchPageErrors(page);
    // Dan is just another visitor with his own session, reading the world.
    await other.goto(`${server.origin}/world`);
    await expect(other.getByRole('heading', { name: 'Müse world' })).toBeVisible();
  });
  test.afterAll(async () => {
    await cleo?.close();
    await dan?.close();
    await server?.stop();
  });

  test('shares today’s journal entry; the Journal tile then opens a new, empty private entry', async () => {
    await page.goto(`${server.origin}/login?mode=signup`);
    await page.getByLabel('Name', { exact: true }).fill('Cleo');
    await page.getByLabel('Email').fill('cleo@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await poll(async () => (await reflectState<Saved>(page))?.state.user.name).toBe('Cleo');

    await page.goto(`${server.origin}/`);
    await page.getByRole('link', { name: 'Journal', exact: true }).click();
    await page.waitForURL(`${server.origin}/answer/journal`);
    await box().fill(FIRST);
    await page.getByRole('button', { name: / \(more actions\)$/ }).click();
    await page
      .getByRole('dialog', { name: 'Journal entry' })
      .getByRole('button', { name: 'Share', exact: true })
      .click();
    const asWhom = page.getByRole('dialog', { name: 'Share as whom?' });
    await expect(asWhom).toBeVisible();
    // axe on "Share as whom?": axe-every-screen.spec.ts (the share modal).
    await asWhom.getByRole('button', { name: /^Cleo/ }).click();
    await page.waitForURL(`${server.origin}/world`);
    await poll(async () => {
      const { sharedAnswers } = await call<Feed>(page, '/api/answer/shared', { page: 1 });
      sharedId = sharedAnswers.find((a) => a.text === FIRST)?._id ?? '';
      return sharedId;
    }).not.toBe('');
    await poll(worldText).toBe(FIRST);

    // Today's journal again: not the shared entry, a fresh private one.
    await page.goto(`${server.origin}/`);
    await page.getByRole('link', { name: 'Journal', exact: true }).click();
    await page.waitForURL(`${server.origin}/answer/journal`);
    await expect(box()).toBeEditable();
    await expect(box()).toHaveValue('');
    await expect(badgeText()).toHaveCount(0);
    await box().fill('A second, private entry');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.waitForURL(`${server.origin}/streak`);
    // Nothing of it reached the world; the shared one is unchanged.
    await poll(worldText).toBe(FIRST);
    // And the journal continues the private entry now, still not the shared one.
    await page.goto(`${server.origin}/answer/journal`);
    await expect(box()).toHaveValue('A second, private entry');
    await expect(badgeText()).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('shows the badge on the shared entry; "Keep the world’s copy" keeps the world unchanged', async () => {
    await openFromShared();
    expect(page.url()).toMatch(new RegExp(`/answer/a/${sharedId}$`));
    await expect(badgeText()).toHaveText(BADGE);
    await expect(badgeUnshare()).toBeVisible();
    await shot(page, 'editor-badge-360');
    await expectNoAxeViolations(page, 'the shared answer with its badge');

    await box().press('Control+End');
    // Typing asks nothing, not even once the pause in typing has saved it (issue 35 point 4).
    await box().pressSequentially(`${KEPT_EDIT}.`, TYPING);
    await savedOnServer();
    await expect(updateDialog()).toBeHidden();
    await expect(box()).toBeFocused();
    // Saving asks, once the private save is made; a key pressed on the way picks nothing (focus
    // is on its title).
    await box().press('Control+Enter');
    await expect(page.getByRole('status')).toHaveText('Answer saved');
    await expect(updateDialog()).toBeVisible();
    await expect(
      updateDialog().getByRole('heading', { name: 'Update the shared copy too?' }),
    ).toBeFocused();
    await shot(page, 'editor-update-dialog-360');
    await expectNoAxeViolations(page, 'the "Update the shared copy too?" dialog');
    await page.keyboard.type('x');
    await expect(updateDialog()).toBeVisible();
    await updateDialog().getByRole('button', { name: "Keep the world's copy" }).click();
    await expect(updateDialog()).toBeHidden();
    await poll(async () => (await serverCopy())?.text).toBe(`${FIRST}${KEPT_EDIT}.`);
    // The session has chosen: saving again does not ask again.
    await box().press('Control+End');
    await box().pressSequentially(' ');
    await box().press('Backspace');
    await box().press('Control+Enter');
    await savedOnServer();
    await expect(updateDialog()).toBeHidden();
    // The world (as Dan reads it) still has the words Cleo shared, on the feed screen too.
    expect(await worldText()).toBe(FIRST);
    await other.reload();
    await expect(feedEntries().filter({ hasText: FIRST })).toHaveCount(1);
    await expect(feedEntries().filter({ hasText: KEPT_EDIT.trim() })).toHaveCount(0);
    await expect(page.getByText('The world shows an earlier version')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('"Update" sends the edit to the world', async () => {
    await openFromShared();
    await editAnswering(UPDATED_EDIT, 'Update');
    await expect(page.getByText('Changes you save go to the world too.')).toBeVisible();
    const expected = `${FIRST}${KEPT_EDIT}.${UPDATED_EDIT}`;
    await poll(worldText).toBe(expected);
    await poll(async () => (await serverCopy())?.text).toBe(expected);
    await other.reload();
    await expect(feedEntries().filter({ hasText: UPDATED_EDIT.trim() })).toHaveCount(1);
    // Later saves in the same session follow.
    await box().pressSequentially('!');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(worldText).toBe(`${expected}!`);
    await savedOnServer();
    expect(errors).toEqual([]);
  });

  test('survives a reload at its own address, and Save / Ctrl+Enter save without moving', async () => {
    const address = `${server.origin}/answer/a/${sharedId}`;
    await page.goto(address);
    await page.reload();
    await expect(box()).toHaveValue(`${FIRST}${KEPT_EDIT}.${UPDATED_EDIT}!`);
    await expect(box()).toBeEditable();
    expect(page.url()).toBe(address);
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Done', exact: true })).toHaveCount(0);
    // A reload is a new editing session: the first edit asks again; keep the world's copy.
    await editAnswering(' Again.', "Keep the world's copy");
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(async () => (await serverCopy())?.text).toMatch(/ Again\.$/);
    await savedOnServer();
    expect(page.url()).toBe(address);
    expect(await worldText()).not.toMatch(/Again/);
    await page.setViewportSize(DESKTOP);
    await shot(page, 'editor-badge-1280');
    await expectNoAxeViolations(page, 'the shared answer at 1280 px');
    await box().pressSequentially(' More.');
    await box().press('Control+Enter');
    await poll(async () => (await serverCopy())?.text).toMatch(/ More\.$/);
    await savedOnServer();
    expect(page.url()).toBe(address);
    await page.setViewportSize(PHONE);
    expect(errors).toEqual([]);
  });

  test('closing the tab before being asked keeps the private edit and the world’s copy', async () => {
    await openFromShared();
    await box().press('Control+End');
    await box().pressSequentially(' Closed.', TYPING);
    await expect(updateDialog()).toBeHidden();
    const worldBefore = await worldText();
    // No question can be asked of a closing tab: the edit is saved privately as the page goes.
    await page.close({ runBeforeUnload: true });
    page = await cleo.newPage();
    errors = watchPageErrors(page);
    await page.goto(`${server.origin}/shared`);
    await poll(async () => (await serverCopy())?.text).toMatch(/ Closed\.$/);
    expect(await worldText()).toBe(worldBefore);
    // Opened again: nothing asked until it is edited, and the badge says where the words are.
    await page.goto(`${server.origin}/answer/a/${sharedId}`);
    await expect(box()).toHaveValue(/ Closed\.$/);
    await expect(page.getByText('The world shows an earlier version')).toBeVisible();
    await expect(updateDialog()).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('"Unshare" takes it out of the world and keeps it private', async () => {
    await page.setViewportSize(DESKTOP);
    await openFromShared();
    await box().press('Control+End');
    await box().pressSequentially(' Private now.', TYPING);
    await expect(updateDialog()).toBeHidden();
    // Leaving the entry another way than Save (its back link): asked on the screen it leads to,
    // the private edit saved already.
    await page.getByRole('link', { name: 'Back to shared answers' }).first().click();
    await page.waitForURL(`${server.origin}/shared`);
    await expect(updateDialog()).toBeVisible();
    await poll(async () => (await serverCopy())?.text).toMatch(/Private now\.$/);
    expect(await worldText()).not.toMatch(/Private now/);
    await shot(page, 'editor-update-dialog-1280');
    await page.setViewportSize(PHONE);
    await updateDialog().getByRole('button', { name: 'Unshare', exact: true }).click();
    await expect(updateDialog()).toBeHidden();
    await poll(worldText).toBeNull();
    await poll(async () => (await serverCopy())?.shared).toBe(false);
    await page.goto(`${server.origin}/answer/a/${sharedId}`);
    await expect(box()).toHaveValue(/Private now\.$/);
    await expect(badgeText()).toHaveCount(0);
    await expect(badgeUnshare()).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('says clearly when an address is not one of your answers, and never shows another’s text', async () => {
    await page.goto(`${server.origin}/answer/a/nosuchanswer`);
    await expect(
      page.getByRole('heading', { name: 'We could not find this answer' }),
    ).toBeVisible();
    await shot(page, 'answer-not-found-360');
    await expectNoAxeViolations(page, 'an answer address that is not found');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'answer-not-found-1280');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('link', { name: 'Back to my answers' }).first()).toBeVisible();
    // Dan opens Cleo's answer address: not found for him, nothing of hers shown.
    await other.goto(`${server.origin}/answer/a/${sharedId}`);
    await expect(
      other.getByRole('heading', { name: 'We could not find this answer' }),
    ).toBeVisible();
    await expect(other.getByRole('main')).not.toContainText('plane trees');
    await expect(other.getByLabel('Your answer')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to my answers' }).last().click();
    await page.waitForURL(`${server.origin}/past`);
    expect(errors).toEqual([]);
  });
});
