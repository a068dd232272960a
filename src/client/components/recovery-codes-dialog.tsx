import { useId, useState } from 'react';
import { saveFile, textFile } from '../save-file.ts';
import { setState, useAppState } from '../state/store/app-store.ts';
import { ModalDialog } from './modal-dialog.tsx';
import './recovery-codes-dialog.css';

/** Saves the codes as muse-recovery-codes.txt. */
function downloadCodes(codes: readonly string[]): void {
  const text = `Müse recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  saveFile('muse-recovery-codes.txt', textFile(text));
}

/**
 * Recovery codes, just made at sign-up or in settings (decision 014): shown this once (the
 * server keeps only their hashes), to copy, download or write down.
 */
export function RecoveryCodesDialog() {
  const codes = useAppState((s) => s.recoveryCodes);
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const textId = useId();
  const close = () => {
    setCopied(false);
    // Dismissed: never shown again (the server keeps only their hashes).
    setState({ recoveryCodes: null });
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText((codes ?? []).join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <ModalDialog
      open={codes !== null}
      onClose={close}
      labelledBy={titleId}
      describedBy={textId}
      className="recovery-codes-dialog"
    >
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          Your recovery codes
        </h2>
        <p id={textId} className="modal-text">
          If you forget your password, one of these codes lets you choose a new one. Each works
          once. Keep them somewhere safe: Müse shows them only now.
        </p>
        <ol className="recovery-codes-list" aria-label="Recovery codes">
          {(codes ?? []).map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <p className="form-hint recovery-codes-copied" role="status">
          {copied ? 'Codes copied' : ''}
        </p>
        <div className="modal-actions">
          <button type="button" className="button button-quiet" onClick={() => void copy()}>
            Copy
          </button>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => downloadCodes(codes ?? [])}
          >
            Download
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: a dialog must move focus into itself */}
          <button type="button" className="button" autoFocus onClick={close}>
            I have saved them
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
