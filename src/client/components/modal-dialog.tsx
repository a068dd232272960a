import { type ReactNode, useEffect, useRef } from 'react';
import './modal-dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type ModalDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The id of the element naming the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** 'alertdialog' for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  children: ReactNode;
};

/**
 * A real modal <dialog>: the rest of the page is inert while it is open, Tab cycles inside it,
 * Escape and a click on the backdrop close it, and focus goes back to where it was (or, when
 * that element is gone, to the page's main heading).
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  role,
  className,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      const target = returnTo.current;
      if (target?.isConnected) target.focus();
      else document.querySelector<HTMLElement>('main h1, h1')?.focus();
    }
  }, [open]);

  // Close quietly if the component goes away while open (e.g. navigation from inside).
  useEffect(() => () => ref.current?.close(), []);

  const trapTab = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      onCancel={(event) => {
        // Escape: let React state close it, so open/closed has one source of truth.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={trapTab}
    >
      {open ? children : null}
    </dialog>
  );
}
