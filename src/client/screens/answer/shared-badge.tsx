import { GlobeIcon } from '#client/components/icons.tsx';
import './shared-badge.css';

export type SharedBadgeProps = {
  anonymous: boolean;
  /** The name the world shows for a named share. */
  name: string;
  /** A line under the badge: what happens to the world's copy now. */
  note: string | null;
  onUnshare: () => void;
};

/**
 * In the editor, above a shared answer: it is in the world, under which name, and how to take it
 * back (decision 015). Never hidden while the answer is shared.
 */
export function SharedBadge({ anonymous, name, note, onUnshare }: SharedBadgeProps) {
  const label = anonymous ? 'Shared anonymously' : `Shared with the world as ${name}`;
  return (
    <div className="shared-badge">
      <span className="shared-badge-icon" aria-hidden="true">
        <GlobeIcon />
      </span>
      <p className="shared-badge-text">
        <strong>{label}</strong>
        {note ? <span className="shared-badge-note">{note}</span> : null}
      </p>
      <button
        type="button"
        className="button button-small button-quiet shared-badge-unshare"
        onClick={onUnshare}
      >
        Unshare
      </button>
    </div>
  );
}
