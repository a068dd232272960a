// The screens people most often open first (a link, the installed app's start, a reload), by
// path. The server names each one's chunk in the page it sends (`<link rel="modulepreload">`,
// plugins/entry-pages.ts), so the browser fetches it beside the app's entry instead of after
// the entry has run and asked for it: one round trip less before the first paint (issue 14,
// Lighthouse). Modules are named as Vite's manifest keys them (relative to src/client), and
// router.tsx imports the same ones (entry-screens.test.ts). The first-load budget measures two.

export type EntryScreen = {
  path: string;
  /** Also every path under it (`/answer/today`, `/answer/{promptId}`). */
  prefix?: true;
  module: string;
};

/** In matching order: a longer prefix before a shorter one. */
export const entryScreens: readonly EntryScreen[] = [
  { path: '/', module: 'screens/categories/categories-screen.tsx' },
  { path: '/home', module: 'screens/home/home-screen.tsx' },
  { path: '/world', module: 'screens/world/world-screen.tsx' },
  { path: '/answer/a', prefix: true, module: 'screens/answer/answer-by-id-screen.tsx' },
  { path: '/answer', prefix: true, module: 'screens/answer/answer-screen.tsx' },
];

/** The screen module a page address opens with, if it is one of the entry screens. */
export function entryScreenOf(pathname: string): string | undefined {
  return entryScreens.find(
    (screen) =>
      pathname === screen.path || (screen.prefix && pathname.startsWith(`${screen.path}/`)),
  )?.module;
}
