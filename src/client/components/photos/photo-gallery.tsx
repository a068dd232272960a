import { useEffect, useState } from 'react';
import { ApiError } from '#client/api/call.ts';
import { fetchPhotos } from '#client/api/photos.ts';
import type { Photo } from '#shared/api/photos.ts';
import './photos.css';

type Loaded = { kind: 'loading' } | { kind: 'offline' } | { kind: 'shown'; photos: Photo[] };

/**
 * An entry's photos as the server keeps them (decision 062). They are never kept on the device:
 * offline, the entry reads without them and says so. 404: the entry is not on the server yet.
 */
export function usePhotos(answerId: string) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
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
  }, [answerId]);
  return [loaded, setLoaded] as const;
}

/** "Photo 2 of 3": what a screen reader says of a photo the person took (no caption yet). */
export function photoLabel(index: number, count: number): string {
  return count === 1 ? 'Photo' : `Photo ${index + 1} of ${count}`;
}

/** The reading view's photos, under the words, each at most the page's width. */
export function PhotoGallery({ answerId }: { answerId: string }) {
  const [loaded] = usePhotos(answerId);
  if (loaded.kind === 'offline') {
    return <p className="photo-note">This entry's photos show when you're online.</p>;
  }
  if (loaded.kind === 'loading' || loaded.photos.length === 0) return null;
  const { photos } = loaded;
  return (
    <ul className="photo-gallery" aria-label="Photos">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <img
            src={photo.url}
            alt={photoLabel(index, photos.length)}
            width={photo.width}
            height={photo.height}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}
