import { useId } from 'react';
import { paths } from '../routes.ts';
import { buildShareLinks } from '../screens/about/share-links.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { OutsideLink } from './outside-link.tsx';
import './share-dialogs.css';

export type ShareAsWhomProps = {
  open: boolean;
  /** The user's name: the other choice besides Anonymous. */
  name: string;
  /** A share is on its way: the choices wait. */
  busy: boolean;
  onChoose: (anonymous: boolean) => void;
  onClose: () => void;
  /** How many photos the entry has (decision 062): when any, whether to share them too. */
  photos?: { count: number; shared: boolean; onChange: (shared: boolean) => void };
};

/** SPEC §2 'Share as whom?': Anonymous or the user's name. */
export function ShareAsWhomDialog({
  open,
  name,
  busy,
  onChoose,
  onClose,
  photos,
}: ShareAsWhomProps) {
  const titleId = useId();
  const textId = useId();
  const photosId = useId();
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} describedBy={textId}>
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          Share as whom?
        </h2>
        <p id={textId} className="modal-text">
          Your answer goes to the top of the world feed, where anyone can read it.
        </p>
        {photos && photos.count > 0 ? (
          <label className="share-photos" htmlFor={photosId}>
            <input
              id={photosId}
              type="checkbox"
              checked={photos.shared}
              onChange={(event) => photos.onChange(event.currentTarget.checked)}
            />
            <span>
              {photos.count === 1 ? 'Share its photo too' : `Share its ${photos.count} photos too`}
              <span className="share-choice-hint">
                {' '}
                {photos.count === 1
                  ? 'Without where it was taken.'
                  : 'Without where they were taken.'}{' '}
                Not shared unless you tick this.
              </span>
            </span>
          </label>
        ) : null}
        <div className="share-choices" aria-busy={busy}>
          <button
            type="button"
            className="share-choice"
            // biome-ignore lint/a11y/noAutofocus: a dialog must move focus into itself
            autoFocus
            aria-disabled={busy ? 'true' : undefined}
            onClick={() => !busy && onChoose(true)}
          >
            <span className="share-choice-name">Anonymous</span>
            <span className="share-choice-hint">No name, no picture</span>
          </button>
          <button
            type="button"
            className="share-choice"
            aria-disabled={busy ? 'true' : undefined}
            onClick={() => !busy && onChoose(false)}
          >
            <span className="share-choice-name">{name}</span>
            <span className="share-choice-hint">With your name and picture</span>
          </button>
        </div>
        <div className="modal-actions">
          <button type="button" className="button button-quiet" onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** SPEC §2 share-to menu: Email, Twitter, LinkedIn and Facebook, pointing at the world feed. */
export function ShareToMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const links = buildShareLinks(`${window.location.origin}${paths.world}`);
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} className="share-to">
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          Share to…
        </h2>
        <p className="modal-text">Invite people to read it in the Müse world.</p>
        {/* showModal() puts focus on the first link. */}
        <ul className="share-to-list">
          {links.map((link) => (
            <li key={link.name}>
              <OutsideLink className="share-to-link" href={link.href}>
                {link.name}
              </OutsideLink>
            </li>
          ))}
        </ul>
        <div className="modal-actions">
          <button type="button" className="button button-quiet" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
