/**
 * The colour theme (decision 020): a per-device choice kept in localStorage under its own key,
 * never in reflect-state (which mirrors the server's data). index.html carries the same rule
 * as a tiny inline script so the first paint already has the right theme.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'muse-theme';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** `<meta name="theme-color">` per theme: the light header ink, the dark paper. */
export const THEME_COLORS: Record<Theme, string> = { light: '#2f2a4a', dark: '#16141d' };

export function parseThemeChoice(raw: string | null | undefined): ThemeChoice {
  return raw === 'light' || raw === 'dark' ? raw : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}
