import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { TODAY_FRAME_KEY } from '../shared/today-frame.ts';
import { AnswerScreen } from './screens/answer/answer-screen.tsx';
import { TodayFrame } from './screens/answer/today-frame.tsx';
import { HomeScreen } from './screens/home/home-screen.tsx';

// Built for Node by scripts/prerender.ts after the client build: /home and the answer screens
// as their first render (loads still pending: the answer screens' frame says "Loading…" and
// holds nothing of anyone's), which the server puts inside #root so a visitor's phone paints
// the page before any JavaScript has run (issue 14, Lighthouse). The app does not hydrate it:
// its first render replaces it (main.tsx waits for the screen's chunk first).

/** Screen module (as Vite's manifest names it) → its first render, as HTML. */
export function prerender(): Record<string, string> {
  return {
    'screens/home/home-screen.tsx': renderToString(
      <MemoryRouter initialEntries={['/home']}>
        <HomeScreen />
      </MemoryRouter>,
    ),
    'screens/answer/answer-screen.tsx': renderToString(
      <MemoryRouter initialEntries={['/answer/today']}>
        <AnswerScreen />
      </MemoryRouter>,
    ),
    // /answer/today's frame, its heading left empty for the page's own script to fill with the
    // device's day's prompt (server/plugins/today-frame.ts).
    [TODAY_FRAME_KEY]: renderToString(
      <MemoryRouter initialEntries={['/answer/today']}>
        <TodayFrame title="" />
      </MemoryRouter>,
    ),
  };
}
