import { type RefObject, useLayoutEffect, useState } from 'react';
import { flushDraft } from '#client/state/answers/answer-drafts.ts';
import { editorText, typed } from '#client/state/answers/answer-sync.ts';
import {
  earlyTextPending,
  joinText,
  showEarlyText,
  takeEarlyText,
} from '#client/state/answers/early-text.ts';
import { capitaliseFirst } from '#shared/domain/capitalise.ts';
import { useEditorView } from './use-answer-sync.ts';

/**
 * The editor's side of early typing (early-text.ts): while its answer is not ready, a box that
 * opens over early input goes on catching it (editable, marked so), and once the editor's text
 * is ready the early text joins it — after what was already written that day, a blank line
 * between — with its caret and focus, and is saved like anything typed (on this device at once,
 * to the server on the editor's usual pause). Returns whether the box is still catching.
 */
export function useEarlyText(
  textRef: RefObject<HTMLTextAreaElement | null>,
  answerId: string,
  enabled: boolean,
): boolean {
  const [catching, setCatching] = useState(() => enabled && earlyTextPending());
  const ready = useEditorView('ready');
  const openFor = useEditorView('answerId');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the box appears
  useLayoutEffect(() => {
    const box = textRef.current;
    if (catching && box) showEarlyText(box);
  }, []);

  useLayoutEffect(() => {
    const box = textRef.current;
    if (!catching || !box || !ready || openFor !== answerId) return;
    const early = takeEarlyText();
    setCatching(false);
    if (!early) return;
    const before = joinText(editorText(), early.kept);
    const text = capitaliseFirst(joinText(before, early.text));
    const offset = early.text.trim() === '' ? text.length : text.length - early.text.length;
    box.value = text;
    if (text !== editorText()) {
      typed(text);
      flushDraft();
    }
    box.setSelectionRange(
      Math.min(text.length, offset + (early.text.trim() === '' ? 0 : early.start)),
      Math.min(text.length, offset + (early.text.trim() === '' ? 0 : early.end)),
    );
    if (early.focused) box.focus({ preventScroll: true });
  }, [catching, ready, openFor, answerId, textRef]);

  return catching;
}
