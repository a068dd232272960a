import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { HomeScreen } from './screens/home/home-screen.tsx';

// Built for Node by scripts/prerender.ts after the client build: /home as its first render
// (loads still pending), which the server puts inside #root so a visitor's phone paints the page
// before any JavaScript has run (issue 14, Lighthouse). The app does not hydrate it: its first
// render replaces it with the same markup (main.tsx waits for the screen's chunk first).

/** Screen module (as Vite's manifest names it) → its first render, as HTML. */
export function prerender(): Record<string, string> {
  return {
    'screens/home/home-screen.tsx': renderToString(
      <MemoryRouter initialEntries={['/home']}>
        <HomeScreen />
      </MemoryRouter>,
    ),
  };
}
