import type { RefObject } from 'react';
import { EARLY_ATTR } from '#client/state/answers/early-text.ts';
import { MAX_ANSWER_TEXT } from '#shared/domain/limits.ts';
import { SaveStatus } from './save-status.tsx';
import { useEditorTextarea, useEditorView } from './use-answer-sync.ts';
import { useEarlyText } from './use-early-text.ts';

type AnswerTextBoxProps = {
  answerId: string;
  /** /answer/today (and today's journal): takes over what was typed before the editor was ready. */
  catchEarly: boolean;
  textRef: RefObject<HTMLTextAreaElement | null>;
  placeholder: string;
  /** Called on every edit (after the sync has the text): a shared answer's first edit asks. */
  onEdit: () => void;
  /** Editing at the answer's own address: Ctrl/⌘+Enter saves, and the hint says so. */
  onSave?: () => void;
  /** What the header's Done does now (finish, with text): Ctrl/⌘+Enter does it too. */
  onFinish?: () => void;
  /** The id of "Write something to finish." when Done needs text, else undefined. */
  needsTextHintId?: string;
  ids: { text: string; status: string };
};

/**
 * The text being written, with its save status and hint underneath. The textarea is not
 * controlled: typing renders nothing here unless "long", "ready" or the text's version change.
 */
export function AnswerTextBox({
  answerId,
  catchEarly,
  textRef,
  placeholder,
  onEdit,
  onSave,
  onFinish,
  needsTextHintId,
  ids,
}: AnswerTextBoxProps) {
  const onKeys = onSave ?? onFinish;
  const catching = useEarlyText(textRef, answerId, catchEarly);
  const onInput = useEditorTextarea(textRef, catching);
  const ready = useEditorView('ready');
  const long = useEditorView('long');
  return (
    <>
      <label htmlFor={ids.text} className="visually-hidden">
        Your answer
      </label>
      <textarea
        id={ids.text}
        ref={textRef}
        className={long ? 'answer-text answer-text-long' : 'answer-text'}
        // While it catches early typing it takes keys before the answer is ready (early-text.ts).
        readOnly={!ready && !catching}
        {...(catching ? { [EARLY_ATTR]: '' } : {})}
        maxLength={MAX_ANSWER_TEXT}
        placeholder={placeholder}
        onInput={(event) => {
          if (catching) return;
          onInput(event);
          onEdit();
        }}
        onKeyDown={(event) => {
          if (onKeys && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onKeys();
          }
        }}
        aria-keyshortcuts={onKeys ? 'Control+Enter Meta+Enter' : undefined}
        aria-describedby={needsTextHintId ? `${needsTextHintId} ${ids.status}` : ids.status}
      />
      <div className="answer-under">
        <SaveStatus id={ids.status} />
        {/* A keyboard's hint: hidden where there is no fine pointer to go with one (CSS). */}
        {onSave ? (
          <p className="answer-hint answer-hint-keys">Save with Ctrl+Enter (⌘+Enter on a Mac).</p>
        ) : needsTextHintId ? (
          <p id={needsTextHintId} className="answer-hint">
            Write something to finish.
          </p>
        ) : onFinish ? (
          <p className="answer-hint answer-hint-keys">Finish with Ctrl+Enter (⌘+Enter on a Mac).</p>
        ) : null}
      </div>
    </>
  );
}
