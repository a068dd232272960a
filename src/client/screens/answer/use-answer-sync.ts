import { type RefObject, useEffect } from 'react';
import type { Answer } from '../../../shared/api/answers.ts';
import { capitaliseFirst } from '../../../shared/domain/capitalise.ts';
import { editorText, openEditor, typed } from '../../state/answer-sync.ts';
import { type EditorView, editorView } from '../../state/answer-sync-store.ts';
import { useStoreSelector } from '../../state/store.ts';

const whole = (view: EditorView) => view;

/**
 * Connects the answer editor's textarea to its sync (decision 013). The textarea is not a
 * controlled React field: each keystroke goes to `typed()` without a render, and the textarea
 * takes the text again only when it is replaced from outside (the server's latest, a choice in
 * the conflict dialog). Returns the editor's view (status, word count, whether it was edited)
 * and the input handler.
 */
export function useAnswerSync(
  answer: Answer | null,
  textRef: RefObject<HTMLTextAreaElement | null>,
) {
  const view = useStoreSelector(editorView, whole);
  // One editing session per answer: the editor is keyed by the answer's id.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session is per answer id
  useEffect(() => (answer ? openEditor(answer) : undefined), [answer?._id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the text was replaced
  useEffect(() => {
    const box = textRef.current;
    if (box && box.value !== editorText()) box.value = editorText();
  }, [view.version, textRef]);

  const onInput = (event: React.FormEvent<HTMLTextAreaElement>) => {
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
  return { view, onInput };
}
