import { useId, useRef, useState } from 'react';
import { ApiError } from '#client/api/call.ts';
import { removePhoto, uploadPhoto } from '#client/api/photos.ts';
import { photoLabel, usePhotos } from '#client/components/photos/photo-gallery.tsx';
import { editorText } from '#client/state/answer-sync.ts';
import { getState, setState } from '#client/state/app-store.ts';
import { saveAnswerAndSend } from '#client/state/writes.ts';
import type { Photo } from '#shared/api/photos.ts';
import { MAX_PHOTOS_PER_ENTRY } from '#shared/domain/limits.ts';
import { useEditorView } from './use-answer-sync.ts';

export const PHOTOS_NEED_A_CONNECTION =
  'Photos need a connection: your words are kept, add the photos again once you’re online.';

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

/**
 * The editor's photos (decision 062): Add photos (several at once), each shown small with its
 * own Remove, and whether to keep the camera's details (where it was taken). Photos go straight
 * to the server, never into the offline record: offline, this says so and the words stay.
 */
export function PhotoField({ answerId }: { answerId: string }) {
  const disabled = !useEditorView('ready');
  const [loaded, setLoaded] = usePhotos(answerId);
  const photos = loaded.kind === 'shown' ? loaded.photos : [];
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [keep, setKeep] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { keep: useId(), status: useId() };
  const full = photos.length >= MAX_PHOTOS_PER_ENTRY;

  const add = (photo: Photo) =>
    setLoaded((now) =>
      now.kind === 'shown' ? { kind: 'shown', photos: [...now.photos, photo] } : now,
    );

  async function attach(files: File[]) {
    if (files.length === 0) return;
    if (!navigator.onLine) {
      setMessage(PHOTOS_NEED_A_CONNECTION);
      return;
    }
    // A new entry, or one written offline, is saved first: a photo joins an entry the server has.
    const onServer = getState().answers.find((a) => a._id === answerId)?.revision !== undefined;
    if (!onServer && !(await saveEntryNow())) {
      setMessage(PHOTOS_NEED_A_CONNECTION);
      return;
    }
    const room = MAX_PHOTOS_PER_ENTRY - photos.length;
    const chosen = files.slice(0, Math.max(0, room));
    setBusy(true);
    let added = 0;
    let problem = '';
    let entrySaved = !onServer;
    // The entry was deleted or lost on the server meanwhile: saved again once, then retried.
    const uploadOne = async (file: File) => {
      try {
        return await uploadPhoto(answerId, file, file.name, keep);
      } catch (error) {
        const missing = error instanceof ApiError && error.status === 404;
        if (!missing || entrySaved) throw error;
        entrySaved = true;
        if (!(await saveEntryNow())) throw error;
        return uploadPhoto(answerId, file, file.name, keep);
      }
    };
    for (const [index, file] of chosen.entries()) {
      setMessage(`Uploading ${index + 1} of ${sayCount(chosen.length)}…`);
      try {
        add(await uploadOne(file));
        added += 1;
      } catch (error) {
        problem =
          error instanceof ApiError && error.status !== 0
            ? `${file.name}: ${error.message}`
            : PHOTOS_NEED_A_CONNECTION;
        if (!(error instanceof ApiError) || error.status === 0 || error.status === 429) break;
      }
    }
    setBusy(false);
    const skipped = files.length - chosen.length;
    setMessage(
      [
        added > 0 ? `${sayCount(added)} added.` : '',
        problem,
        skipped > 0 ? `An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos.` : '',
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
      setMessage(`${photoLabel(index, photos.length)} removed.`);
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.status !== 0 ? error.message : PHOTOS_NEED_A_CONNECTION,
      );
    }
  }

  return (
    <section className="photo-field" aria-label="Photos">
      {photos.length > 0 ? (
        <ul className="photo-thumbs" aria-label="Photos of this entry">
          {photos.map((photo, index) => (
            <li key={photo.id} className="photo-thumb">
              <img
                src={photo.url}
                alt={photoLabel(index, photos.length)}
                width={88}
                height={88}
                decoding="async"
              />
              <button
                type="button"
                className="photo-remove"
                aria-label={`Remove ${photoLabel(index, photos.length).toLowerCase()}`}
                disabled={busy}
                onClick={() => void remove(photo, index)}
              >
                ×
              </button>
            </li>
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
            else if (!navigator.onLine) setMessage(PHOTOS_NEED_A_CONNECTION);
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
        <label className="photo-keep" htmlFor={ids.keep}>
          <input
            id={ids.keep}
            type="checkbox"
            checked={keep}
            onChange={(event) => setKeep(event.currentTarget.checked)}
          />
          Keep where and how it was taken
        </label>
      </div>
      <p id={ids.status} className="photo-status" role="status">
        {message}
      </p>
    </section>
  );
}
