import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAnswer, buildUser } from '#client/test-support/fixtures.ts';
import { renderApp } from '#client/test-support/render-app.tsx';

// SPEC §2's side menu for a named admin with answers: the account first, then every item in
// the spec's order; Share copies the site's address. Moved from tests/browser/accounts.spec.ts.

const ADA = buildUser({ name: 'Ada lovelace', email: 'ada@example.com', started: '2026-11-02' });

describe('the side menu', () => {
  it('shows the account, then every SPEC §2 item in order; Share copies the link', async () => {
    // Testing Library's user-event puts a clipboard of its own in navigator.clipboard.
    const user = userEvent.setup();
    await renderApp('/', {
      state: {
        user: ADA,
        admin: [{ name: 'Ada lovelace' }],
        answers: [buildAnswer({ user_id: ADA._id, text: 'words' })],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Müse' });
    expect(within(menu).getByRole('link', { name: 'Ada lovelace: my profile' })).toBeVisible();
    const items = within(within(menu).getByRole('navigation', { name: 'Menu' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Categories',
      'My answers',
      'My profile',
      'Admin',
      'Download my answers',
      'Contact us',
      'Share',
      'Rate',
      'About',
      'iOS app',
    ]);
    expect(within(menu).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(menu).getByRole('link', { name: 'iOS app' })).toHaveAttribute(
      'href',
      '/home#app',
    );
    expect(within(menu).getByRole('link', { name: 'Rate' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(menu).toHaveTextContent('Müsing since Nov 2, 2026');
    await user.click(within(menu).getByRole('button', { name: 'Share' }));
    expect(
      await screen.findByText('Link copied', { selector: '[role="status"] *, [role="status"]' }),
    ).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(window.location.origin);
  });
});
