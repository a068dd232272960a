import { useEffect, useId, useRef } from 'react';
import { formatDate } from '#shared/domain/date-format.ts';
import { useFirstConflict } from '../state/answers/answer-conflicts.ts';
import { resolveConflict } from '../state/answers/answer-sync.ts';
import { ModalDialog } from './modal-dialog.tsx';
import './conflict-dialog.css';

/**
 * Decision 013: an answer changed on this device and on another one from the same version.
 * Both texts are shown and the person chooses — nothing is dropped without them. It cannot be
 * dismissed without a choice; "Keep both" (focused first) is the choice that loses nothing.
 */
export function ConflictDialog() {
  const conflict = useFirstConflict();
  const titleId = useId();
  const textId = useId();
  const keepBoth = useRef<HTMLButtonElement>(null);
  const answerId = conflict?.mine._id;
  // After showModal (the dialog's own effect runs first): start on the choice that loses nothing.
  useEffect(() => {
    if (answerId) keepBoth.current?.focus();
  }, [answerId]);
  if (!conflict) return null;
  const { mine, theirs } = conflict;
  const choose = (choice: 'mine' | 'theirs' | 'both') => resolveConflict(mine._id, choice);
  return (
    <ModalDialog
      key={mine._id}
      open
      onClose={() => undefined}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
      className="conflict-dialog"
    >
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          This answer was changed on another device
        </h2>
        <p id={textId} className="modal-text">
          “{mine.prompt_title}” was changed here and on another device. Choose which text to keep.
        </p>
        <div className="conflict-versions">
          <section aria-label="Your text on this device">
            <h3 className="conflict-heading">On this device</h3>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling text must be reachable by keyboard */}
            <p className="conflict-text" tabIndex={0}>
              {mine.text || '(empty)'}
            </p>
          </section>
          <section aria-label="The text from the other device">
            <h3 className="conflict-heading">
              On the other device
              {theirs.modified ? (
                <span className="conflict-when"> · {formatDate(theirs.modified)}</span>
              ) : null}
            </h3>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling text must be reachable by keyboard */}
            <p className="conflict-text" tabIndex={0}>
              {theirs.text || '(empty)'}
            </p>
          </section>
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-quiet" onClick={() => choose('theirs')}>
            Keep theirs
          </button>
          <button type="button" className="button button-quiet" onClick={() => choose('mine')}>
            Keep mine
          </button>
          <button type="button" className="button" ref={keepBoth} onClick={() => choose('both')}>
            Keep both
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
