import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '#client/api/call.ts';
import { fetchPhotos } from '#client/api/photos.ts';
import { getState } from '#client/state/store/app-store.ts';
import type { Photo } from '#shared/api/photos.ts';
import { PhotoImage } from './photo-image.tsx';
import './photos.css';

type Loaded = { kind: 'loading' } | { kind: 'offline' } | { kind: 'shown'; photos: Photo[] };

/**
 * An entry's photos as the server keeps them (decision 062). Those on the server are not kept
 * on the device: offline, the entry reads without them and says so (photos still waiting to be
 * sent are, see entry-photos.tsx). 404: the entry is not on the server yet.
 * An entry the server has never answered for (no revision: new, or written offline) has none,
 * and nothing is asked: a new visitor's first editor opens before their session exists. Read
 * once, as the entry opens: photos added from then on are added here as they are uploaded.
 */
export function usePhotos(answerId: string) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [onServer] = useState(() =>
    getState().answers.some((a) => a._id === answerId && a.revision !== undefined),
  );
  useEffect(() => {
    let live = true;
    if (!onServer) {
      setLoaded({ kind: 'shown', photos: [] });
      return;
    }
    // Offline, nothing is asked (a request bound to fail is an error in the console).
    if (!navigator.onLine) {
      setLoaded({ kind: 'offline' });
      return;
    }
    setLoaded({ kind: 'loading' });
    fetchPhotos(answerId).then(
      (photos) => live && setLoaded({ kind: 'shown', photos }),
      (error: unknown) => {
        if (!live) return;
        const missing = error instanceof ApiError && error.status !== 0;
        setLoaded(missing ? { kind: 'shown', photos: [] } : { kind: 'offline' });
      },
    );
    return () => {
      live = false;
    };
  }, [answerId, onServer]);
  return [loaded, setLoaded] as const;
}

/** "Photo 2 of 3": what a screen reader says of a photo the person took (no caption yet). */
export function photoLabel(index: number, count: number): string {
  return count === 1 ? 'Photo' : `Photo ${index + 1} of ${count}`;
}

/** A photo to show: the world's copies, or the person's own (sealed: `encrypted`). */
type ShownPhoto = { url: string; width: number; height: number; encrypted?: true };

/**
 * Photos one under the other, each at most its list's width: an entry's, or a world card's.
 * `children` are more items after them (photos waiting on the device), `total` all of them.
 */
export function PhotoList({
  photos,
  className,
  total = photos.length,
  children,
}: {
  photos: readonly ShownPhoto[];
  className?: string;
  total?: number;
  children?: ReactNode;
}) {
  return (
    <ul className={className ? `photo-gallery ${className}` : 'photo-gallery'} aria-label="Photos">
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <PhotoImage
            photo={photo}
            alt={photoLabel(index, total)}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
      {children}
    </ul>
  );
}
