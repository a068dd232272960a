import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { editorText, openEditor, typed } from '#client/state/answers/answer-sync.ts';
import { type EditorView, editorView } from '#client/state/answers/answer-sync-store.ts';
import { useStoreSelector } from '#client/state/store/store.ts';
import type { Answer } from '#shared/api/answers.ts';
import { capitaliseFirst } from '#shared/domain/capitalise.ts';

// Connects the answer editor to its sync (decision 013). The textarea is not a controlled React
// field: each keystroke goes to `typed()` without a render, and the textarea takes the text
// again only when it is replaced from outside (the server's latest, a choice in the conflict
// dialog). Each part of the editor listens to the one field of the view it shows (decision
// 027), so a status change re-renders the status line, not the editor.

/** One editing session per answer: the editor is keyed by the answer's id. */
export function useAnswerSession(answer: Answer | null): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session is per answer id
  useEffect(() => (answer ? openEditor(answer) : undefined), [answer?._id]);
}

/** One field of the open editor's view; the component re-renders only when it changes. */
export function useEditorView<K extends keyof EditorView>(key: K): EditorView[K] {
  return useStoreSelector(editorView, SELECTORS[key] as (view: EditorView) => EditorView[K]);
}

// Stable selectors (one per field): a new function per render would resubscribe each time.
const SELECTORS = Object.fromEntries(
  (Object.keys(editorView.getState()) as (keyof EditorView)[]).map((key) => [
    key,
    (view: EditorView) => view[key],
  ]),
) as { [K in keyof EditorView]: (view: EditorView) => EditorView[K] };

/** The textarea's side: puts replaced text into it and hands each input to the sync. */
export function useEditorTextarea(
  textRef: RefObject<HTMLTextAreaElement | null>,
  /** The box still shows early typing (use-early-text.ts), which the hand-over joins. */
  catching = false,
) {
  const version = useEditorView('version');
  // Before the first paint and after each replacement. Not `defaultValue`: React would compare
  // (and rewrite) the textarea's 30 KB text content on every render of the editor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the text was replaced
  useLayoutEffect(() => {
    const box = textRef.current;
    if (box && !catching && box.value !== editorText()) box.value = editorText();
  }, [version, textRef]);

  return (event: React.FormEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget;
    // SPEC §5: the first letter is capitalised as typed (never changes the length).
    const fixed = capitaliseFirst(box.value);
    if (fixed !== box.value) {
      const { selectionStart, selectionEnd } = box;
      box.value = fixed;
      box.setSelectionRange(selectionStart, selectionEnd);
    }
    typed(box.value);
  };
}
