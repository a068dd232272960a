import { keepsWords, keptWords, wordsToKeep } from '../store/local-words.ts';
import { onReset } from '../store/module-state.ts';
import { safeLocalStorage } from '../store/persist-store.ts';
import { whenIdle } from '../when-idle.ts';
import type { BaseVersion } from './answer-versions.ts';

// The text being typed, kept on this device under its own localStorage key (decision 013):
// written 600 ms after the person pauses (at least every 5 s while they keep typing), in the
// next idle moment so a 30 KB write never delays a keystroke, and at once when the page goes
// away, so closing the
// tab mid-sentence loses nothing even before the text is saved. Its own key, because writing
// reflect-state (every answer, every prompt) on each pause would be slow for long entries.
// One draft at a time: only the open editor writes one, and it is cleared once the server has
// the text.

export const DRAFT_KEY = 'muse-draft';
keepsWords(DRAFT_KEY);
const DRAFT_MS = 600;
const DRAFT_MAX_WAIT_MS = 5000;

export type Draft = { answerId: string; text: string; base: BaseVersion };

let pending: Draft | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let cancelIdle: (() => void) | undefined;
let waitingSince = 0;

onReset(() => {
  stopTimers();
  pending = null;
  waitingSince = 0;
});

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : safeLocalStorage();
}

/** False when it cannot be kept yet: an encrypted journal is locked (local-words.ts). */
function write(draft: Draft): boolean {
  const kept = wordsToKeep(JSON.stringify(draft));
  if (kept === null) return false;
  try {
    storage()?.setItem(DRAFT_KEY, kept);
  } catch (error) {
    console.warn('Müse could not keep your draft on this device', error);
  }
  return true;
}

/** The kept draft as words; null when there is none or it cannot be opened yet. */
function kept(): Partial<Draft> | null {
  const raw = storage()?.getItem(DRAFT_KEY);
  const words = raw ? keptWords(raw) : null;
  return words ? (JSON.parse(words) as Partial<Draft>) : null;
}

/** The draft kept for `answerId`, if any (a broken value is no draft). */
export function readDraft(answerId: string): Draft | null {
  if (pending?.answerId === answerId) return pending;
  try {
    const draft = kept();
    if (!draft || draft.answerId !== answerId || typeof draft.text !== 'string') return null;
    const base = draft.base ?? {};
    return {
      answerId,
      text: draft.text,
      base: {
        revision: typeof base.revision === 'number' ? base.revision : undefined,
        text: typeof base.text === 'string' ? base.text : undefined,
      },
    };
  } catch {
    return null;
  }
}

/** Keeps `draft` after a short pause in typing. */
export function scheduleDraft(draft: Draft): void {
  if (pending === null) waitingSince = Date.now();
  pending = draft;
  stopTimers();
  const waited = Date.now() - waitingSince;
  timer = setTimeout(
    () => {
      cancelIdle = whenIdle(flushDraft);
    },
    Math.max(0, Math.min(DRAFT_MS, DRAFT_MAX_WAIT_MS - waited)),
  );
}

function stopTimers(): void {
  clearTimeout(timer);
  timer = undefined;
  cancelIdle?.();
  cancelIdle = undefined;
}

/** Writes a scheduled draft now (on save, on leaving, when the page is hidden). */
export function flushDraft(): void {
  stopTimers();
  // Not kept yet (a locked journal): it stays here, in this page's memory.
  if (pending && write(pending)) pending = null;
}

/** Forgets the draft of `answerId`: the server has its text (or the person chose another). */
export function clearDraft(answerId: string): void {
  if (pending?.answerId === answerId) {
    stopTimers();
    pending = null;
  }
  try {
    if (kept()?.answerId === answerId) {
      storage()?.removeItem(DRAFT_KEY);
    }
  } catch {
    // An unreadable draft is no draft; the next one overwrites it.
  }
}
