import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '#client/api/call.ts';
import { removePhoto } from '#client/api/photos.ts';
import { useQueuedPhotos, waitingLabel } from '#client/components/photos/entry-photos.tsx';
import { photoLabel, usePhotos } from '#client/components/photos/photo-gallery.tsx';
import { PhotoImage, useObjectUrl } from '#client/components/photos/photo-image.tsx';
import { editorText } from '#client/state/answers/answer-sync.ts';
import {
  onQueueChange,
  type QueuedPhoto,
  queuedPhotosOf,
  queuePhotos,
  unqueuePhoto,
  uploadQueuedPhotos,
} from '#client/state/answers/photo-queue.ts';
import { saveAnswerAndSend } from '#client/state/answers/writes.ts';
import { getState, setState, useAppState } from '#client/state/store/app-store.ts';
import type { Photo } from '#shared/api/photos.ts';
import { MAX_PHOTOS_PER_ENTRY } from '#shared/domain/limits.ts';
import { useEditorView } from './use-answer-sync.ts';

/**
 * Saves the open entry now, as it reads, so a photo has an entry to join (a new one, or one
 * written offline). A photo-only entry is an entry too (issue 35 point 4).
 */
async function saveEntryNow(): Promise<boolean> {
  const draft = getState().answer;
  if (!draft) return false;
  const { saved, sent } = saveAnswerAndSend({ ...draft, text: editorText() || draft.text });
  setState((state) => (state.answer?._id === saved._id ? { answer: saved } : {}));
  return (await sent) === 'saved';
}

function sayCount(count: number): string {
  return count === 1 ? '1 photo' : `${count} photos`;
}

/** Said when photos are kept on the device until the entry and the connection let them go. */
export function photosWaitMessage(count: number): string {
  return `${sayCount(count)} will be added when you’re online. Your words are kept.`;
}

/**
 * The editor's photos (decision 062): Add photos (several at once), each shown small with its
 * own Remove, and whether to keep the camera's details (where it was taken). A photo is kept
 * on the device first (photo-queue.ts) and sent as soon as its entry is on the server and the
 * device online, so one added offline, or while the network drops, is sent later, not lost.
 */
export function PhotoField({ answerId }: { answerId: string }) {
  const disabled = !useEditorView('ready');
  const [loaded, setLoaded] = usePhotos(answerId);
  const photos = loaded.kind === 'shown' ? loaded.photos : [];
  const queued = useQueuedPhotos(answerId);
  const total = photos.length + queued.length;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [keep, setKeep] = useState(false);
  const encrypted = useAppState((s) => s.user.encryption === true);
  const input = useRef<HTMLInputElement>(null);
  const ids = { keep: useId(), status: useId() };
  const full = total >= MAX_PHOTOS_PER_ENTRY;

  // A photo the queue sent (now, or after coming back online) joins the entry's list.
  useEffect(
    () =>
      onQueueChange((change) => {
        if (change.kind !== 'uploaded' || change.photo.answer_id !== answerId) return;
        setLoaded((now) =>
          now.kind === 'shown' && !now.photos.some((p) => p.id === change.photo.id)
            ? { kind: 'shown', photos: [...now.photos, change.photo] }
            : now,
        );
      }),
    [answerId, setLoaded],
  );

  async function attach(files: File[]) {
    if (files.length === 0) return;
    const chosen = files.slice(0, Math.max(0, MAX_PHOTOS_PER_ENTRY - total));
    const skipped =
      files.length > chosen.length ? `An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos.` : '';
    let added: QueuedPhoto[];
    try {
      added = await queuePhotos(answerId, chosen, keep);
    } catch {
      setMessage('This browser would not keep the photos (its storage is full or blocked).');
      return;
    }
    setBusy(true);
    setMessage(navigator.onLine ? `Uploading ${sayCount(added.length)}…` : '');
    // A new entry, or one written offline, goes to the server first: a photo joins an entry the
    // server has. Offline, the save joins the offline record and the photos wait for its sync.
    const onServer = getState().answers.find((a) => a._id === answerId)?.revision !== undefined;
    if (!onServer) await saveEntryNow();
    await uploadQueuedPhotos();
    const left = new Map((await queuedPhotosOf(answerId)).map((p) => [p.key, p]));
    setBusy(false);
    const sent = added.filter((p) => !left.has(p.key)).length;
    const refused = added.flatMap((p) => left.get(p.key)?.problem ?? []);
    const waiting = added.filter((p) => left.has(p.key) && !left.get(p.key)?.problem).length;
    setMessage(
      [
        sent > 0 ? `${sayCount(sent)} added.` : '',
        ...refused,
        waiting > 0 ? photosWaitMessage(waiting) : '',
        skipped,
      ]
        .filter(Boolean)
        .join(' '),
    );
  }

  async function remove(photo: Photo, index: number) {
    try {
      await removePhoto(photo.id);
      setLoaded((now) =>
        now.kind === 'shown'
          ? { kind: 'shown', photos: now.photos.filter((p) => p.id !== photo.id) }
          : now,
      );
      setMessage(`${photoLabel(index, total)} removed.`);
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.status !== 0
          ? error.message
          : 'Removing a photo needs a connection.',
      );
    }
  }

  async function unqueue(photo: QueuedPhoto, index: number) {
    await unqueuePhoto(photo.key).catch(() => undefined);
    setMessage(`${photoLabel(index, total)} removed.`);
  }

  return (
    <section className="photo-field" aria-label="Photos">
      {total > 0 ? (
        <ul className="photo-thumbs" aria-label="Photos of this entry">
          {photos.map((photo, index) => (
            <li key={photo.id} className="photo-thumb">
              <PhotoImage
                photo={photo}
                alt={photoLabel(index, total)}
                width={88}
                height={88}
                decoding="async"
              />
              <button
                type="button"
                className="photo-remove"
                aria-label={`Remove ${photoLabel(index, total).toLowerCase()}`}
                disabled={busy}
                onClick={() => void remove(photo, index)}
              >
                ×
              </button>
            </li>
          ))}
          {queued.map((photo, offset) => (
            <WaitingThumb
              key={photo.key}
              photo={photo}
              label={photoLabel(photos.length + offset, total)}
              onRemove={() => void unqueue(photo, photos.length + offset)}
            />
          ))}
        </ul>
      ) : null}
      <div className="photo-controls">
        <button
          type="button"
          className="button button-quiet button-small"
          aria-describedby={ids.status}
          aria-disabled={disabled || busy || full ? true : undefined}
          onClick={() => {
            if (disabled || busy) return;
            if (full) setMessage(`An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos.`);
            else input.current?.click();
          }}
        >
          {busy ? 'Uploading…' : 'Add photos'}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          aria-label="Choose photos"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void attach(files);
          }}
        />
        {/* An encrypted journal's photos are re-encoded on the device, which keeps pixels only. */}
        {encrypted ? null : (
          <label className="photo-keep" htmlFor={ids.keep}>
            <input
              id={ids.keep}
              type="checkbox"
              checked={keep}
              onChange={(event) => setKeep(event.currentTarget.checked)}
            />
            Keep where and how it was taken
          </label>
        )}
      </div>
      <p id={ids.status} className="photo-status" role="status">
        {message}
      </p>
    </section>
  );
}

/** A photo still on the device: shown from its own bytes, saying it waits (or why it was refused). */
function WaitingThumb({
  photo,
  label,
  onRemove,
}: {
  photo: QueuedPhoto;
  label: string;
  onRemove: () => void;
}) {
  const url = useObjectUrl(photo.file, Boolean(photo.sealed));
  return (
    <li
      className={
        photo.problem ? 'photo-thumb photo-thumb-refused' : 'photo-thumb photo-thumb-waiting'
      }
    >
      {url ? (
        <img
          src={url}
          alt={`${label}, ${waitingLabel(photo)}`}
          width={88}
          height={88}
          decoding="async"
        />
      ) : null}
      <span className="photo-thumb-badge" aria-hidden="true">
        {photo.problem ? 'Not added' : 'Waiting'}
      </span>
      <button
        type="button"
        className="photo-remove"
        aria-label={`Remove ${label.toLowerCase()}`}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}
