import { act, type RenderResult, render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../app.tsx';
import { loadScreenOf } from '../router.tsx';
import type { AppState } from '../state/store/app-state.ts';
import { setState } from '../state/store/app-store.ts';
import { type FakeServer, fakeServer } from './fake-server.ts';

// Renders the whole app (router, layout, the screen's own chunk) at `url`, over the store in
// the state a test sets and a fake server for the network. Start-up's loads do not run: the
// state given stands for what they left, and the screen's own calls go to `server`.

let current: FakeServer | null = null;

/** The fake server of the test running now, for the setup's after-each check. */
export function currentServer(): FakeServer | null {
  return current;
}

/** The rendered app; where it is now is `window.location` (the router is a BrowserRouter). */
export type Rendered = RenderResult & { server: FakeServer };

export async function renderApp(
  url: string,
  options: { state?: Partial<AppState>; server?: FakeServer } = {},
): Promise<Rendered> {
  const server = options.server ?? fakeServer();
  current = server;
  vi.stubGlobal('fetch', server.fetch);
  if (options.state) setState(options.state);
  window.history.replaceState(null, '', url);
  await loadScreenOf(new URL(url, window.location.origin).pathname);
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(<App />);
  });
  if (!result) throw new Error('not rendered');
  return Object.assign(result, { server });
}

/**
 * Loads the chunk of the screen at `path` before a test navigates there. A screen whose chunk
 * is not in yet suspends, and React does not come back to a screen that suspended inside the
 * `act()` that Testing Library wraps a click in; the app itself loads chunks ahead the same way
 * (main.tsx, for the first screen).
 */
export async function screenReady(path: string): Promise<void> {
  await loadScreenOf(path);
}

export function forgetServer(): void {
  current = null;
}

/**
 * Matches the element whose whole text is `text`, across its child elements, as Playwright's
 * getByText does ('Last updated: <time>…</time>'); Testing Library's own matcher reads an
 * element's own text nodes only.
 */
export function wholeText(text: string) {
  return (_content: string, element: Element | null): boolean =>
    element?.textContent === text &&
    [...element.children].every((child) => child.textContent !== text);
}
