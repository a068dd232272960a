import type { Photo } from '#shared/api/photos.ts';
import { api } from './call.ts';

// Photos attached to one's own entries (decision 062; schemas in src/shared/api/photos.ts).
// The photos themselves are read from photo.url, which answers their owner only: by <img>, or
// for a sealed one (docs/ENCRYPTION.md *Photos*) by fetchPhotoBytes, to open on the device.
// A sealed photo reaches the world only from its device, opened (publishPhoto).

/** How a photo is sent: the image, or sealed on the device with its size in pixels. */
export type PhotoForm =
  | { keepMetadata: boolean; sealed?: undefined }
  | { sealed: { width: number; height: number } };

function formQuery(form: PhotoForm) {
  if (form.sealed)
    return { encrypted: 'true' as const, width: form.sealed.width, height: form.sealed.height };
  return form.keepMetadata ? { keep_metadata: 'true' as const } : {};
}

function fileBody(file: Blob, fileName: string): FormData {
  const body = new FormData();
  body.append('file', file, fileName);
  return body;
}

/** The photos of one of the caller's entries, in their order. */
export async function fetchPhotos(answerId: string): Promise<Photo[]> {
  return (await api('/api/answer/photos', { answer_id: answerId })).photos;
}

/** Every photo of the caller's, entry by entry (turning encryption on or off goes through them). */
export async function fetchAllPhotos(): Promise<Photo[]> {
  return (await api('/api/user/photos')).photos;
}

/**
 * Attaches a photo to one of the caller's entries. The server keeps the camera's details (EXIF,
 * its location) only when `keepMetadata`; sent again with the same `uploadKey`, it returns the
 * photo it kept the first time. ApiErrors: 404 the entry is not on the server (yet), 409 it
 * holds the most photos (or the form does not match the account's encryption), 413 too big,
 * 415 not a photo, 429 too much for now, 0 offline.
 */
export async function uploadPhoto(
  answerId: string,
  file: Blob,
  fileName: string,
  form: PhotoForm,
  uploadKey: string,
): Promise<Photo> {
  const query = { answer_id: answerId, upload_key: uploadKey, ...formQuery(form) };
  return (await api('/api/answer/photo/upload', fileBody(file, fileName), { query })).photo;
}

/** Sends one of the caller's photos again in the other form (encryption turned on or off). */
export async function replacePhoto(photoId: string, file: Blob, form: PhotoForm): Promise<Photo> {
  const query = { photo_id: photoId, ...formQuery(form) };
  return (await api('/api/answer/photo/replace', fileBody(file, 'photo'), { query })).photo;
}

/**
 * Adds one of the caller's sealed photos to the world's copy of its shared entry, from the
 * image this device opened (the server re-encodes it without metadata). 409: not shared.
 */
export async function publishPhoto(photoId: string, image: Blob): Promise<void> {
  await api('/api/answer/photo/publish', fileBody(image, 'photo'), {
    query: { photo_id: photoId },
  });
}

export async function removePhoto(photoId: string): Promise<void> {
  await api('/api/answer/photo/delete', { photo_id: photoId });
}
