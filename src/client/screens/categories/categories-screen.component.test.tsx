import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAnswer, buildPrompt, buildUser } from '#client/test-support/fixtures.ts';
import { renderApp } from '#client/test-support/render-app.tsx';
import { dayKey, todayOf } from '#shared/domain/calendar-day.ts';

// The categories screen (SPEC §2 "/") in its two states of the day, and the way a prompt
// address nobody knows goes back to it. The Daily tile's words moved from
// tests/browser/small-things.spec.ts (which keeps the journey, axe and the screenshots);
// "sends an unknown prompt back to /" from journaling.spec.ts.

const TODAY = buildPrompt({ _id: 'prompt-today', title: 'What went well?' });
const LOADED = { prompts: true, myPrompts: true, answers: true };
const todayPrompt = { id: TODAY._id, date: dayKey(todayOf(new Date())) };

const daily = () => screen.findByRole('link', { name: 'Daily' });

describe('the categories screen', () => {
  it("says Daily is today's prompt; every category has its own icon", async () => {
    await renderApp('/', {
      state: { user: buildUser(), prompts: [TODAY], todayPrompt, loaded: LOADED },
    });
    expect(await daily()).toHaveAccessibleDescription("Today's prompt");
    const tiles = within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('link');
    expect(tiles).toHaveLength(11);
    const icons = tiles.slice(4).map((link) => link.querySelector('svg')?.innerHTML ?? '');
    expect(new Set(icons).size).toBe(7);
  });

  it('says Daily is done once today’s prompt has an answer today', async () => {
    const answer = buildAnswer({
      prompt_id: TODAY._id,
      prompt_title: TODAY.title,
      text: 'Answered the day’s own question',
      answered: new Date().toISOString(),
    });
    await renderApp('/', {
      state: {
        user: buildUser({ answered: [answer._id] }),
        prompts: [TODAY],
        todayPrompt,
        answers: [answer],
        loaded: LOADED,
      },
    });
    expect(await daily()).toHaveAccessibleDescription('Done today');
    expect(screen.getByText('Done today')).toBeVisible();
  });

  it('an answer written yesterday to today’s prompt does not make Daily done', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    const answer = buildAnswer({
      prompt_id: TODAY._id,
      text: 'Yesterday’s words',
      answered: yesterday.toISOString(),
    });
    await renderApp('/', {
      state: {
        user: buildUser(),
        prompts: [TODAY],
        todayPrompt,
        answers: [answer],
        loaded: LOADED,
      },
    });
    expect(await daily()).toHaveAccessibleDescription("Today's prompt");
  });

  it('sends an unknown prompt back to /', async () => {
    await renderApp('/answer/no-such-prompt', {
      state: { user: buildUser(), prompts: [TODAY], todayPrompt, loaded: LOADED },
    });
    expect(await daily()).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});
