import { type Browser, expect } from '@playwright/test';
import { answerBox, serverAnswers, typeAtEnd } from './support/journal.ts';
import { apiUser, signInOnNewDevice } from './support/people.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Today's journal on a device whose copy is behind: the page begins an entry before its loads
// bring the one written this morning on another device, and must then continue that one, not
// leave the person in a second, empty entry of today (decideJournal, answer-route.ts).

let server: RunningServer;
test.beforeAll(async ({ server: shared }) => {
  server = shared;
});

function signIn(browser: Browser, name: string) {
  return signInOnNewDevice(browser, server.origin, name);
}

test("today's journal continues the entry another device wrote, even when it loads late", async ({
  browser,
}) => {
  const person = await apiUser(server.origin, 'Twodevices');
  const laptop = await signIn(browser, person.name);
  const phone = await signIn(browser, person.name);
  const morning = 'Written on the laptop this morning.';
  await laptop.page.goto(`${server.origin}/answer/journal`);
  await expect(answerBox(laptop.page)).toBeEditable();
  await typeAtEnd(laptop.page, morning);
  await expect.poll(async () => (await serverAnswers(laptop.page)).length).toBe(1);

  // The phone's copy is from before; its answers arrive two seconds after the page shows.
  await phone.page.route('**/api/user/answers', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await phone.page.goto(`${server.origin}/answer/journal`);
  await expect(answerBox(phone.page)).toHaveValue(morning);
  await typeAtEnd(phone.page, ' And from the phone.');
  await expect
    .poll(async () => (await serverAnswers(phone.page)).map((a) => a.text))
    .toEqual([`${morning} And from the phone.`]);
  expect(laptop.errors).toEqual([]);
  expect(phone.errors).toEqual([]);
  await laptop.context.close();
  await phone.context.close();
});
