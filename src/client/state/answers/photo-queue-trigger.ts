// The photo queue (photo-queue.ts) as the rest of the app meets it: loaded only when photos
// wait on this device, which the queue notes in localStorage under this key whenever it
// changes, so a first screen with nothing waiting pays nothing for it.

/** The key photo-queue.ts keeps '1' under while photos wait. */
export const PHOTOS_WAITING_KEY = 'muse-photos-waiting';

/** The photo queue, loading, when photos wait on this device; else null. */
export function waitingPhotoQueue() {
  try {
    if (localStorage.getItem(PHOTOS_WAITING_KEY) !== '1') return null;
  } catch {
    return null;
  }
  return import('./photo-queue.ts');
}
