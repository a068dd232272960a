import { onReset } from './module-state.ts';

// Words this device keeps in localStorage (issue 37 point 5, docs/ENCRYPTION.md "On the
// device"): the saved state, the draft, early text and kept conflicts. A plain account's are
// kept as they are. An encrypted account's are sealed with this device's storage key
// (encryption/local-key.ts), which only the journal's key opens; while that journal is locked
// nothing of its words is written, so what the device kept stays as it was until the key is here.

/** How a sealed value begins (a value in words is JSON, which never does). */
export const SEALED_PREFIX = 'sealed1:';

export type LocalCipher = {
  /** Synchronous, so a write on the way out of the page lands before it goes. */
  seal(plain: string): string;
  /** The same as seal, off the main thread (the state's saves while the app runs). */
  sealAsync(plain: string): Promise<string>;
  /** Throws when `sealed` was not sealed with this key. */
  open(sealed: string): string;
  /** The same as open, off the main thread (the saved state at start-up). */
  openAsync(sealed: string): Promise<string>;
};

/** Whose words are sealed now: the signed-in person's when their entries are encrypted. */
let sealedFor: string | null = null;
/** The storage key this device opened, and whose it is (a sign-in opens it before the store has them). */
let opened: { userId: string; cipher: LocalCipher } | null = null;
const listeners = new Set<() => void>();
/** localStorage keys whose values are words (the draft, early text, conflicts). */
const keys = new Set<string>();

onReset(() => {
  sealedFor = null;
  opened = null;
});

/**
 * Makes `change` to how words are kept, then writes every kept value again the new way: each is
 * read first, while the key that sealed it is still the one in use.
 */
function change(make: () => void, keepWords = true): void {
  const before = keepWords ? [...keys].map((key) => [key, read(key)] as const) : [];
  make();
  for (const [key, words] of before) {
    const kept = words === null ? null : wordsToKeep(words);
    try {
      if (kept !== null) localStorage.setItem(key, kept);
    } catch {
      // No storage: nothing was kept.
    }
  }
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : keptWords(raw);
  } catch {
    return null;
  }
}

/**
 * Marks a localStorage key whose value is words (kept with wordsToKeep): written again, sealed or
 * in words, whenever that changes, so nothing stays behind in words.
 */
export function keepsWords(key: string): void {
  keys.add(key);
}

/**
 * From the store: the person whose words must be sealed now, or null for words as they are.
 * `samePerson` false (a logout, another account): what the last one kept is not theirs to write
 * again in words, and stays as it is.
 */
export function sealWordsFor(userId: string | null, samePerson = true): void {
  if (userId === sealedFor) return;
  change(() => {
    sealedFor = userId;
  }, samePerson);
}

/** From encryption/local-key.ts: `userId`'s storage key is open on this device. */
export function adoptLocalCipher(userId: string, cipher: LocalCipher): void {
  change(() => {
    opened = { userId, cipher };
  });
}

/** Whether words are sealed now (an encrypted account), whether or not the key is open. */
export const sealingWords = (): boolean => sealedFor !== null;

/** The open storage key, when words are sealed and this device has opened theirs. */
export const localCipher = (): LocalCipher | null =>
  opened && opened.userId === sealedFor ? opened.cipher : null;

/** `plain` as it is kept now: itself, sealed, or null while an encrypted journal is locked. */
export function wordsToKeep(plain: string): string | null {
  if (sealedFor === null) return plain;
  return localCipher()?.seal(plain) ?? null;
}

/** What a kept value says: itself in words, opened when sealed, null when it cannot be yet. */
export function keptWords(stored: string): string | null {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  try {
    return localCipher()?.open(stored) ?? null;
  } catch {
    return null;
  }
}

/** Calls `listener` whenever words start or stop being sealed, or the key opens. */
export function onSealingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
