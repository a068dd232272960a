import type { Photo } from '#shared/api/photos.ts';
import { api } from './call.ts';

// Photos attached to one's own entries (decision 062; schemas in src/shared/api/photos.ts).
// The photos themselves are read by <img> from photo.url, which answers their owner only.

/** The photos of one of the caller's entries, in their order. */
export async function fetchPhotos(answerId: string): Promise<Photo[]> {
  return (await api('/api/answer/photos', { answer_id: answerId })).photos;
}

/**
 * Attaches a photo to one of the caller's entries. The server keeps the camera's details (EXIF,
 * its location) only when `keepMetadata`; sent again with the same `uploadKey`, it returns the
 * photo it kept the first time. ApiErrors: 404 the entry is not on the server (yet), 409 it
 * holds the most photos, 413 too big, 415 not a photo, 429 too much for now, 0 offline.
 */
export async function uploadPhoto(
  answerId: string,
  file: Blob,
  fileName: string,
  keepMetadata: boolean,
  uploadKey: string,
): Promise<Photo> {
  const body = new FormData();
  body.append('file', file, fileName);
  const query = {
    answer_id: answerId,
    upload_key: uploadKey,
    ...(keepMetadata ? { keep_metadata: 'true' as const } : {}),
  };
  return (await api('/api/answer/photo/upload', body, { query })).photo;
}

export async function removePhoto(photoId: string): Promise<void> {
  await api('/api/answer/photo/delete', { photo_id: photoId });
}
