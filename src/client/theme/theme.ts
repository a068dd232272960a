import { useSyncExternalStore } from 'react';
import { onReset } from '../state/store/module-state.ts';
import {
  parseThemeChoice,
  resolveTheme,
  THEME_COLORS,
  THEME_KEY,
  type ThemeChoice,
} from './theme-rules.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
let choice: ThemeChoice = readChoice();

// `listeners` are the components' own subscriptions, which they end when they unmount.
onReset(() => {
  choice = readChoice();
});

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_KEY));
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Sets `data-theme` on <html> and the browser's theme colour (index.html does it first). */
function apply(): void {
  const theme = resolveTheme(choice, systemPrefersDark());
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

function changed(): void {
  apply();
  for (const listener of listeners) listener();
}

export function setThemeChoice(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, next);
  } catch {
    // private mode: the choice lasts for this page only
  }
  changed();
}

/** Follows the system while the choice is "system", and other tabs' choices. */
export function startTheme(): void {
  apply();
  window.matchMedia?.(DARK_QUERY).addEventListener('change', changed);
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    choice = readChoice();
    changed();
  });
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => choice,
  );
}
