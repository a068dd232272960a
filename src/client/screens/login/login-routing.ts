import { paths } from '#client/routes.ts';

/** Where to go once signed in: router state `from` (e.g. the share flow), else the categories. */
export function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : paths.categories;
}

/** `?mode=signup` (or router state `{ mode: 'signup' }`) opens sign-up; anything else sign-in. */
export function wantsSignUp(search: URLSearchParams, state: unknown): boolean {
  const mode = search.get('mode') ?? (state as { mode?: unknown } | null)?.mode;
  return mode === 'signup';
}
