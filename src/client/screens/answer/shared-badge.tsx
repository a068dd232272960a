import { useEffect, useState } from 'react';
import { GlobeIcon } from '#client/components/icons.tsx';
import { joinsWorldAt } from '#shared/domain/hour.ts';
import './shared-badge.css';

export type SharedBadgeProps = {
  anonymous: boolean;
  /** The name the world shows for a named share. */
  name: string;
  /** When it was shared (an anonymous share: the start of its hour). */
  sharedOn?: string | null;
  /** A line under the badge: what happens to the world's copy now. */
  note: string | null;
  onUnshare: () => void;
};

/** How the time a share joins the world is written: the person's own clock and conventions. */
export type TimeFormat = { locale?: string; timeZone?: string };

/**
 * The badge's words. An anonymous share joins the world on the hour after it was shared
 * (decision 057): until then its author is told when, in their own time.
 */
export function sharedLabel(
  share: { anonymous: boolean; name: string; sharedOn: string | null },
  now: Date,
  format: TimeFormat = {},
): string {
  if (!share.anonymous) return `Shared with the world as ${share.name}`;
  const joins = joinsWorldAt({ anonymous: true, sharedOn: share.sharedOn });
  if (!joins || Date.parse(joins) <= now.getTime()) return 'Shared anonymously';
  const time = new Intl.DateTimeFormat(format.locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: format.timeZone,
  }).format(new Date(joins));
  return `Shared anonymously · joins the world at ${time}`;
}

/** Renders again when an anonymous share joins the world, so the badge stops saying "joins". */
function useJoinedAt(anonymous: boolean, sharedOn: string | null): void {
  const [, setJoined] = useState(false);
  useEffect(() => {
    const joins = joinsWorldAt({ anonymous, sharedOn });
    const wait = joins && anonymous ? Date.parse(joins) - Date.now() : 0;
    if (wait <= 0 || wait > 3_600_000) return;
    const timer = setTimeout(() => setJoined(true), wait);
    return () => clearTimeout(timer);
  }, [anonymous, sharedOn]);
}

/**
 * In the editor, above a shared answer: it is in the world (or when it joins it), under which
 * name, and how to take it back (decision 015). Never hidden while the answer is shared.
 */
export function SharedBadge({
  anonymous,
  name,
  sharedOn = null,
  note,
  onUnshare,
}: SharedBadgeProps) {
  useJoinedAt(anonymous, sharedOn);
  const label = sharedLabel({ anonymous, name, sharedOn }, new Date());
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
