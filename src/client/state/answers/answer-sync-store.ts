import type { Answer } from '#shared/api/answers.ts';
import { getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { createStore } from '../store/store.ts';
import { readDraft } from './answer-drafts.ts';
import type { BaseVersion } from './answer-versions.ts';

// The open editor's small view store (what its status line, word count and Next button need)
// and the app-store helpers the editor's sync uses (decision 013; answer-sync.ts).

export type SyncStatus =
  | 'loading'
  | 'idle'
  | 'pending'
  | 'saving'
  | 'saved'
  | 'offline'
  | 'conflict';

export type EditorView = {
  answerId: string | null;
  status: SyncStatus;
  /** Bumped when the text is replaced from outside the textarea: it takes editorText() again. */
  version: number;
  /** The server's latest text has arrived (or could not): the textarea may be edited. */
  ready: boolean;
  hasText: boolean;
  /** Long enough that the textarea stops growing with its text and scrolls instead. */
  long: boolean;
  words: number;
  /** The person typed in this editing session (SPEC §4 Next: changed → /streak). */
  edited: boolean;
};

export const initialView: EditorView = {
  answerId: null,
  status: 'idle',
  version: 0,
  ready: true,
  hasText: false,
  long: false,
  words: 0,
  edited: false,
};

/** Small and separate from the app store: only the editor's status line listens to it. */
export const editorView = createStore<EditorView>(initialView);

onReset(() => editorView.setState(initialView));

export function setView(patch: Partial<EditorView>): void {
  const now = editorView.getState();
  const keys = Object.keys(patch) as (keyof EditorView)[];
  if (keys.some((key) => now[key] !== patch[key])) editorView.setState(patch);
}

/** The server's answer becomes this device's copy (the list and, when open, the current one). */
export function takeServerAnswer(server: Answer): void {
  setState((state) => {
    const inList = state.answers.some((a) => a._id === server._id);
    return {
      answers: inList
        ? state.answers.map((a) => (a._id === server._id ? server : a))
        : [...state.answers, server],
      answer: state.answer?._id === server._id ? server : state.answer,
      offline: {
        ...state.offline,
        answered: state.offline.answered.filter((a) => a._id !== server._id),
      },
    };
  });
}

/** This device's text that the server may not have: a draft, else an offline save. */
export function pendingLocal(
  answerId: string,
): { text: string; base: BaseVersion; draft: boolean } | null {
  const draft = readDraft(answerId);
  if (draft) return { text: draft.text, base: draft.base, draft: true };
  const offline = getState().offline.answered.find((a) => a._id === answerId);
  if (offline) return { text: offline.text, base: { revision: offline.revision }, draft: false };
  return null;
}
