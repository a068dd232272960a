import { useEffect, useId, useRef } from 'react';
import { ModalDialog } from './modal-dialog.tsx';
import './action-sheet.css';

export type SheetAction = {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
};

export type ActionSheetProps = {
  open: boolean;
  title: string;
  /** A short line under the title, e.g. the prompt the actions are about. */
  subtitle?: string;
  actions: readonly SheetAction[];
  onClose: () => void;
};

/**
 * SPEC §2 action sheet: a list of actions and Cancel. Rises from the bottom on a phone and sits
 * in the middle on a desktop; it is a modal dialog like the others (focus kept inside, Escape
 * closes, focus returns). Choosing an action closes the sheet first, then runs it.
 */
export function ActionSheet({ open, title, subtitle, actions, onClose }: ActionSheetProps) {
  const titleId = useId();
  const chosen = useRef<SheetAction | null>(null);
  // Runs the chosen action after the sheet has closed and handed focus back (child effects run
  // first), so an action that opens another dialog starts from a settled page.
  useEffect(() => {
    if (open || !chosen.current) return;
    const action = chosen.current;
    chosen.current = null;
    action.onSelect();
  }, [open]);
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} className="action-sheet">
      <div className="action-sheet-head">
        <h2 id={titleId} className="action-sheet-title">
          {title}
        </h2>
        {subtitle ? <p className="action-sheet-subtitle">{subtitle}</p> : null}
      </div>
      <ul className="action-sheet-list">
        {actions.map((action, index) => (
          <li key={action.label}>
            <button
              type="button"
              className={action.destructive ? 'sheet-action sheet-action-danger' : 'sheet-action'}
              // biome-ignore lint/a11y/noAutofocus: a dialog must move focus into itself
              autoFocus={index === 0}
              onClick={() => {
                chosen.current = action;
                onClose();
              }}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
      <div className="action-sheet-cancel">
        <button type="button" className="sheet-action sheet-action-cancel" onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
