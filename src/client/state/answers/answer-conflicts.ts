import type { Answer } from '#shared/api/answers.ts';
import { keepsWords, keptWords, onSealingChange, wordsToKeep } from '../store/local-words.ts';
import { onReset } from '../store/module-state.ts';
import { safeLocalStorage } from '../store/persist-store.ts';
import { answerSchema } from '../store/persisted-schema.ts';
import { read } from '../store/saved-reader.ts';
import { createStore, useStoreSelector } from '../store/store.ts';

// Answers that were changed on this device and on another one from the same version (decision
// 013): both texts wait here until the person chooses in the conflict dialog. Kept under their
// own localStorage key, written at once (they are rare and small), so a reload or a closed tab
// never drops "mine" — the server only ever has "theirs".

export type AnswerConflict = {
  /** This device's answer, with the text the person wrote. */
  mine: Answer;
  /** The server's current answer. */
  theirs: Answer;
  /** The text both started from, when known (lets "Keep both" join only what was added). */
  baseText?: string;
};

export const CONFLICTS_KEY = 'muse-answer-conflicts';
keepsWords(CONFLICTS_KEY);

function restore(storage: Storage | null): AnswerConflict[] {
  try {
    const raw = storage?.getItem(CONFLICTS_KEY);
    // Sealed for an encrypted account (local-words.ts): none until the key is open.
    const words = raw ? keptWords(raw) : null;
    const parsed: unknown = words ? JSON.parse(words) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: { mine?: unknown; theirs?: unknown; baseText?: unknown }) => {
      const mine = read(answerSchema, item?.mine);
      const theirs = read(answerSchema, item?.theirs);
      if (!mine.success || !theirs.success) return [];
      const baseText = typeof item.baseText === 'string' ? item.baseText : undefined;
      return [{ mine: mine.data, theirs: theirs.data, baseText }];
    });
  } catch {
    return [];
  }
}

const storage = typeof window === 'undefined' ? null : safeLocalStorage();
const conflictStore = createStore<{ conflicts: AnswerConflict[] }>({
  conflicts: restore(storage),
});

onReset(() => conflictStore.setState({ conflicts: restore(storage) }));

// The key is open: conflicts kept sealed join the ones this page has.
onSealingChange(() => {
  const here = conflictStore.getState().conflicts;
  const kept = restore(storage).filter((c) => !here.some((h) => h.mine._id === c.mine._id));
  if (kept.length > 0) conflictStore.setState({ conflicts: [...kept, ...here] });
});

function save(conflicts: AnswerConflict[]): void {
  conflictStore.setState({ conflicts });
  try {
    // Not kept while an encrypted journal is locked: they stay in this page.
    const kept = conflicts.length === 0 ? null : wordsToKeep(JSON.stringify(conflicts));
    if (conflicts.length === 0) storage?.removeItem(CONFLICTS_KEY);
    else if (kept !== null) storage?.setItem(CONFLICTS_KEY, kept);
  } catch (error) {
    console.warn('Müse could not keep a changed answer on this device', error);
  }
}

/** Keeps a conflict for the dialog; a newer one for the same answer replaces the older. */
export function addConflict(conflict: AnswerConflict): void {
  const others = conflictStore.getState().conflicts.filter((c) => c.mine._id !== conflict.mine._id);
  save([...others, conflict]);
}

export function removeConflict(answerId: string): void {
  save(conflictStore.getState().conflicts.filter((c) => c.mine._id !== answerId));
}

export function conflictFor(answerId: string): AnswerConflict | null {
  return conflictStore.getState().conflicts.find((c) => c.mine._id === answerId) ?? null;
}

const first = (s: { conflicts: AnswerConflict[] }) => s.conflicts[0] ?? null;

/** The conflict the dialog shows now (the oldest waiting), or null. */
export function useFirstConflict(): AnswerConflict | null {
  return useStoreSelector(conflictStore, first);
}

export function subscribeConflicts(listener: () => void): () => void {
  return conflictStore.subscribe(listener);
}
