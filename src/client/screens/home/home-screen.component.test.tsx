import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, Refusal } from '#client/test-support/fake-server.ts';
import { renderApp, screenReady, wholeText } from '#client/test-support/render-app.tsx';

// /home in the states a visitor can find it in, with the server's three answers faked: the
// world empty, the API down, the browser offering to install. Moved from
// tests/browser/public-pages.spec.ts; what is layout (the shared cards' screenshot, the focus
// ring) stays there.

const PROMPTS = {
  prompts: [
    {
      _id: 'prompt-2',
      user_id: null,
      user_name: '',
      created: '2026-01-01T00:00:00.000Z',
      title: 'What small thing went well today?',
      type: 'paragraph' as const,
      categories: ['Today'],
      status: 'approved' as const,
    },
  ],
};

/** The home page's calls answered: today's prompt, the approved prompts, `shared` answers. */
function homeServer() {
  return fakeServer()
    .on('/api/prompt/today', { prompt_id: 'prompt-2' })
    .on('/api/prompts/approved', PROMPTS)
    .on('/api/answer/shared', { sharedAnswers: [] });
}

describe('/home', () => {
  it('shows an empty state when nobody has shared yet', async () => {
    await renderApp('/home', { server: homeServer() });
    expect(
      await screen.findByText('No one has shared an answer yet.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Shared answers' })).toBeNull();
    expect(await screen.findByText('What small thing went well today?')).toBeInTheDocument();
  });

  it('falls back gracefully when the API fails, logging no errors of its own', async () => {
    const errors = vi.spyOn(console, 'error');
    const down = new Refusal(500, 'Something went wrong');
    const server = fakeServer()
      .on('/api/prompt/today', down)
      .on('/api/prompts/approved', down)
      .on('/api/answer/shared', down);
    await renderApp('/home', { server });
    expect(
      await screen.findByText('A fresh question is waiting for you today.', { exact: false }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("The world's answers can't be shown just now.", { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Start musing' })).toHaveLength(2);
    expect(errors).not.toHaveBeenCalled();
  });

  it('offers Start musing at the top and the bottom, both to today’s prompt, and the contacts', async () => {
    await renderApp('/home', { server: homeServer() });
    const start = await screen.findAllByRole('link', { name: 'Start musing' });
    expect(start).toHaveLength(2);
    for (const link of start) expect(link).toHaveAttribute('href', '/answer/today');
    expect(screen.getAllByRole('link', { name: 'hello@muse.example' })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'jobs@muse.example' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Work with us' })).toHaveAttribute(
      'href',
      '/about#jobs',
    );
  });

  it('offers an Install button when the browser allows installing', async () => {
    const user = userEvent.setup();
    await renderApp('/home', { server: homeServer() });
    expect(await screen.findByRole('heading', { name: 'Müse on your phone' })).toBeInTheDocument();
    expect(screen.getAllByText('Add to Home Screen')[0]).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Install Müse' })).toBeNull();
    const prompt = vi.fn(async () => undefined);
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt,
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        }),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Install Müse' }));
    expect(await screen.findByText('Müse is installed on this device.')).toBeInTheDocument();
    expect(prompt).toHaveBeenCalledOnce();
  });
});

describe('the public pages', () => {
  it('/privacy and /terms are dated and link to each other', async () => {
    const user = userEvent.setup();
    await renderApp('/privacy');
    expect(
      await screen.findByText(wholeText('Last updated: November 22, 2026')),
    ).toBeInTheDocument();
    expect(screen.getAllByText('reflect-state', { exact: false })[0]).toBeInTheDocument();
    await screenReady('/terms');
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'terms of use' }));
    expect(window.location.pathname).toBe('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
    expect(
      await screen.findByText(wholeText('Last updated: November 22, 2026')),
    ).toBeInTheDocument();
    expect(document.title).toBe('Müse | Terms');
    expect(screen.getAllByText('local emergency services', { exact: false })).toHaveLength(1);
  });

  it('/about has rating by e-mail, and share links for this site', async () => {
    await renderApp('/about#jobs');
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rate Müse by e-mail' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:hello@muse\.example\?subject=Rating%20M%C3%BCse/),
    );
    const share = within(screen.getByRole('list', { name: 'Share Müse' })).getAllByRole('link');
    expect(share).toHaveLength(4);
    const origin = encodeURIComponent(window.location.origin);
    expect(share[0]).toHaveAttribute('href', expect.stringMatching(/^mailto:\?/));
    expect(share[1]).toHaveAttribute(
      'href',
      expect.stringMatching(/twitter\.com\/intent\/tweet\?/),
    );
    expect(share[1]?.getAttribute('href')).toContain(`url=${origin}`);
    expect(share[2]).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${origin}`,
    );
    expect(share[3]).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${origin}`,
    );
    for (const link of share) expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
