import { useEffect, useState } from 'react';
import {
  onQueueChange,
  type QueuedPhoto,
  queuedPhotosOf,
} from '#client/state/answers/photo-queue.ts';
import { PhotoList, photoLabel, usePhotos } from './photo-gallery.tsx';
import { useObjectUrl } from './photo-image.tsx';

// An entry's photos where its writer sees them: those the server keeps, and those still waiting
// on this device for a connection (photo-queue.ts), shown from their own bytes.

/** The photos of the entry waiting on this device, kept current as the queue changes. */
export function useQueuedPhotos(answerId: string): QueuedPhoto[] {
  const [queued, setQueued] = useState<QueuedPhoto[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      queuedPhotosOf(answerId).then(
        (photos) => live && setQueued(photos),
        () => undefined,
      );
    void read();
    const stop = onQueueChange(() => void read());
    return () => {
      live = false;
      stop();
    };
  }, [answerId]);
  return queued;
}

/** What a waiting photo is, after its number: on its way, or refused and why. */
export function waitingLabel(photo: QueuedPhoto): string {
  return photo.problem ? `not added: ${photo.problem}` : 'waiting to be sent';
}

function WaitingPhoto({ photo, label }: { photo: QueuedPhoto; label: string }) {
  const url = useObjectUrl(photo.file, Boolean(photo.sealed));
  return (
    <li className="photo-waiting">
      {url ? <img src={url} alt={label} decoding="async" /> : null}
      <p className="photo-note">
        {photo.problem ? `Not added: ${photo.problem}` : 'Waiting for a connection'}
      </p>
    </li>
  );
}

/** The reading view's photos, under the words: the server's, then those waiting on the device. */
export function PhotoGallery({ answerId }: { answerId: string }) {
  const [loaded] = usePhotos(answerId);
  const queued = useQueuedPhotos(answerId);
  const kept = loaded.kind === 'shown' ? loaded.photos : [];
  const total = kept.length + queued.length;
  return (
    <>
      {loaded.kind === 'offline' ? (
        <p className="photo-note">This entry's photos show when you're online.</p>
      ) : null}
      {total > 0 ? (
        <PhotoList photos={kept} total={total}>
          {queued.map((photo, index) => (
            <WaitingPhoto
              key={photo.key}
              photo={photo}
              label={`${photoLabel(kept.length + index, total)}, ${waitingLabel(photo)}`}
            />
          ))}
        </PhotoList>
      ) : null}
    </>
  );
}
