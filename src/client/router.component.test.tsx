import { screen } from '@testing-library/react';
import { act, type JSX, Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { lazyScreen } from './router.tsx';

// A screen whose chunk is not in yet suspends (React's `use`) until it is. React requires a
// render that suspended on `use` to call `use` again when it renders there next; a screen that
// skipped it logged "called use() to suspend in a previous render but did not call use() when
// it finished" (seen in `npm run dev`, going back from a screen still loading).

type Screen = () => JSX.Element;
const Home: Screen = () => <h1>Home</h1>;
const Late: Screen = () => <h1>The late screen</h1>;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  // Outside act(): a suspended render is retried when its chunk arrives, as in a browser.
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => root.unmount());
  container.remove();
});

/** A route whose chunk arrives when the test says. */
function slowRoute(path: string) {
  let arrive: (module: { Screen: Screen }) => void = () => undefined;
  const route = lazyScreen(
    path,
    () => new Promise<{ Screen: Screen }>((resolve) => (arrive = resolve)),
    'Screen',
  );
  return { route, arrive: (screen: Screen) => arrive({ Screen: screen }) };
}

test('a screen that waited for its chunk renders, with no React error', async () => {
  const errors = vi.spyOn(console, 'error');
  const late = slowRoute('/late');
  root.render(<Suspense fallback={<p>Loading</p>}>{late.route.element}</Suspense>);
  expect(await screen.findByText('Loading')).toBeInTheDocument();
  late.arrive(Late);
  expect(await screen.findByRole('heading', { name: 'The late screen' })).toBeInTheDocument();
  expect(errors).not.toHaveBeenCalled();
});

test('going back while a screen is still loading shows the screen before it, with no React error', async () => {
  const errors = vi.spyOn(console, 'error');
  const home = lazyScreen('/home', async () => ({ Screen: Home }), 'Screen');
  await (home.handle as { load(): Promise<void> }).load();
  const late = slowRoute('/late');
  root.render(<Suspense fallback={<p>Loading</p>}>{late.route.element}</Suspense>);
  expect(await screen.findByText('Loading')).toBeInTheDocument();
  root.render(<Suspense fallback={<p>Loading</p>}>{home.element}</Suspense>);
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  late.arrive(Late);
  expect(errors).not.toHaveBeenCalled();
});

test('a screen whose chunk is already in renders at once, without the fallback', async () => {
  const home = lazyScreen('/home', async () => ({ Screen: Home }), 'Screen');
  await (home.handle as { load(): Promise<void> }).load();
  // The first render over a prerendered page: a fallback there would blank the page.
  flushSync(() => root.render(<Suspense fallback={<p>Loading</p>}>{home.element}</Suspense>));
  expect(container.textContent).toBe('Home');
});
