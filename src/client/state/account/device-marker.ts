// This browser's device marker: random, made once, kept in localStorage under its own key (not
// in reflect-state, so logout does not change it). It is sent when an anonymous user is created
// and at sign-up and login; the server merges anonymous work into an account only when the
// marker matches the one that user was created with, so a session cookie planted in this
// browser from elsewhere never brings someone else's answers along (issue 13 point 10).

import { onReset } from '../store/module-state.ts';

const KEY = 'muse-device';
let inMemory: string | null = null;

onReset(() => {
  inMemory = null;
});

function randomMarker(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

export function deviceMarker(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && /^[A-Za-z0-9_-]{16,128}$/.test(kept)) return kept;
    const made = randomMarker();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    // No storage (a locked-down private window): one marker for this page's life.
    inMemory ??= randomMarker();
    return inMemory;
  }
}
