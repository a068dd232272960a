import { editorView, type SyncStatus } from '#client/state/answers/answer-sync-store.ts';
import { useStoreSelector } from '#client/state/store/store.ts';
import './save-status.css';

const WORDS: Record<SyncStatus, string> = {
  loading: 'Getting the latest version…',
  idle: 'Saved as you write',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — saved on this device, will sync',
  conflict: 'Changed on another device — choose which text to keep',
};

const statusOf = (view: { status: SyncStatus }) => view.status;

/**
 * Where the text being written is (decision 013): a polite live region beside the editor, so a
 * screen reader hears "Saved" or "Offline…" without being interrupted mid-sentence. Not
 * role="status": the app's banner is the one status region.
 */
export function SaveStatus({ id }: { id?: string }) {
  const status = useStoreSelector(editorView, statusOf);
  return (
    <p id={id} className={`save-status save-status-${status}`} aria-live="polite">
      {WORDS[status]}
    </p>
  );
}
