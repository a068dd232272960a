import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import { renderApp } from '#client/test-support/render-app.tsx';
import { addDays, dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { journalTitle, setDateLocales } from '#shared/domain/date-format.ts';

// /past ("My answers") over answers already on the device: an address naming no real day, a
// day with nothing written, and dates in the person's language. Moved from
// tests/browser/calendar.spec.ts and small-things.spec.ts (which keeps a screenshot).

const today = todayOf(new Date());
/** Noon on the day `days` from today, local time: the day it is written on here. */
function at(days: number): string {
  const d = addDays(today, days);
  return new Date(d.year, d.month - 1, d.day, 12).toISOString();
}

const FIVE = [0, -1, -3, -4, -6].map((days, i) =>
  buildAnswer({ _id: `answer-${i}`, text: `answer ${i}`, answered: at(days), modified: at(days) }),
);
const LOADED = { prompts: true, myPrompts: true, answers: true };

const cards = () => within(screen.getByRole('main')).queryAllByRole('article');

/** On a phone the search and the calendar fold behind "Filter"; opens them. */
async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  const filter = screen.queryByRole('button', { name: /^Filter/ });
  if (filter?.getAttribute('aria-expanded') === 'false') await user.click(filter);
}

describe('/past?day=', () => {
  it.each(['2026-02-30', 'yesterday', '2026-3-4', '%3Cscript%3E'])(
    'a ?day= that is not a day (%s) shows every answer',
    async (bad) => {
      await renderApp(`/past?day=${bad}`, { state: { answers: FIVE, loaded: LOADED } });
      await screen.findByRole('heading', { name: 'My answers' });
      expect(cards()).toHaveLength(5);
      expect(screen.queryByRole('link', { name: 'Show all days' })).toBeNull();
    },
  );

  it('a real day without writing says so', async () => {
    const d2 = addDays(today, -2);
    await renderApp(`/past?day=${dayKey(d2)}`, { state: { answers: FIVE, loaded: LOADED } });
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(
      new Date(d2.year, d2.month - 1, d2.day),
    );
    expect(await screen.findByText(`Nothing written on ${long}.`)).toBeInTheDocument();
  });

  it('a day before every answer: its month shows, and the way forward is open', async () => {
    const user = userEvent.setup();
    await renderApp('/past?day=2020-01-15', { state: { answers: FIVE, loaded: LOADED } });
    expect(await screen.findByText('Nothing written on January 15, 2020.')).toBeInTheDocument();
    await openFilters(user);
    const calendar = () => screen.getByRole('region', { name: /^\w+ \d{4}$/ });
    expect(within(calendar()).getByRole('heading', { level: 2 })).toHaveTextContent('January 2020');
    await user.click(screen.getByRole('button', { name: 'Next month, February 2020' }));
    expect(within(calendar()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'February 2020',
    );
  });
});

describe('dates in the person’s language', () => {
  it.each(['de-DE', 'en-GB'])(
    'dates follow the browser’s language (%s); the journal keeps its title',
    async (locale) => {
      const user = userEvent.setup();
      // What main.tsx does with navigator.languages.
      setDateLocales([locale]);
      const journal = buildAnswer({
        prompt_id: null,
        prompt_title: journalTitle(today),
        text: `Written in ${locale}`,
        answered: at(0),
        modified: at(0),
      });
      await renderApp('/past', { state: { answers: [journal], loaded: LOADED } });
      await screen.findByRole('heading', { name: 'My answers' });
      await openFilters(user);
      const [card] = cards();
      if (!card) throw new Error('no card');
      const shown = new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }).format(new Date());
      expect(card.querySelector('time')).toHaveTextContent(shown);
      const specLabel = new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      }).format(new Date());
      expect(shown).not.toBe(specLabel);
      // The journal's title is data (today's entry is found by it): SPEC §9's format stays.
      expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(specLabel);
      // The calendar names its month and weekdays in the person's language too.
      const named = (options: Intl.DateTimeFormatOptions, date: Date) =>
        new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
      const month = named({ year: 'numeric', month: 'long' }, new Date());
      expect(screen.getByRole('heading', { name: month })).toBeInTheDocument();
      const monday = named({ weekday: 'long' }, new Date(Date.UTC(2024, 0, 1)));
      expect(screen.getByRole('columnheader', { name: monday })).toBeInTheDocument();
      // The date fields take days in the same order: the day before today, typed as a person
      // of this language would, as the last day leaves today's entry out.
      const to = screen.getByLabelText('To');
      const pattern = locale === 'de-DE' ? 'dd.mm.yyyy' : 'dd/mm/yyyy';
      expect(to).toHaveAttribute('placeholder', pattern);
      const yesterday = new Date();
      yesterday.setDate(yesterday.getDate() - 1);
      const typed = [yesterday.getDate(), yesterday.getMonth() + 1]
        .map((n) => String(n).padStart(2, '0'))
        .concat(String(yesterday.getFullYear()))
        .join(locale === 'de-DE' ? '.' : '/');
      await user.type(to, typed);
      expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
      await user.tab();
      expect(to).toHaveValue(typed);
      expect(to).not.toHaveAttribute('aria-invalid', 'true');
      // What is not a day is marked once the person leaves the field, and filters nothing.
      const from = screen.getByLabelText('From');
      await user.type(from, locale === 'de-DE' ? '31.02.2026' : '31/02/2026');
      await user.tab();
      expect(from).toHaveAttribute('aria-invalid', 'true');
    },
  );
});
