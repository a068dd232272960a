import { ApiError, isUnauthorized } from '#client/api/call.ts';
import { uploadPhoto } from '#client/api/photos.ts';
import { indexedStore } from '#client/indexed-store.ts';
import type { Photo } from '#shared/api/photos.ts';
import { newId } from '../ids.ts';
import { getState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { JournalLockedError } from './codec-errors.ts';
import { rebased } from './own-revisions.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ─── PHOTOS WAITING FOR A CONNECTION ─────────────────────────────────────────────────────────
// Issue 35: a photo added to an entry is kept on the device (IndexedDB: its bytes are too big
// for the saved state) until the server has it. It is sent once the entry is on the server (an
// entry written offline gets there with the offline sync) and the device is online, with an
// upload key of its own: sent again after an answer that never came, the server returns the
// photo it kept the first time (decision 062). A photo the server refuses for good (too big,
// not a photo, the entry full) stays, saying why, until the person removes it.
//
// An account whose entries are encrypted keeps its photos here sealed (photo-sealing.ts,
// docs/ENCRYPTION.md *Photos*), and sends them so; a photo kept in the other form (added before
// a sign-in or before encryption was turned on or off) is turned over before it is sent.
//
// This module is loaded when it is needed (photo-queue-trigger.ts): the first screen never
// pays for it.

export type QueuedPhoto = {
  /** The upload key, and this record's key. */
  key: string;
  answerId: string;
  /**
   * The photo as chosen, or sealed (kept as its bytes and type: older Safari cannot store a
   * Blob). Empty when it could not be read as a photo (`problem` says so).
   */
  file: Blob;
  /** Sealed for an encrypted journal: `file` holds the sealed bytes; the image's size. */
  sealed?: { width: number; height: number };
  name: string;
  keepMetadata: boolean;
  addedAt: number;
  /** Why the server refused it for good; it is not sent again. */
  problem?: string;
};

/** What the people showing an entry's photos hear: a photo went, or the queue changed. */
export type QueueChange = { kind: 'uploaded'; key: string; photo: Photo } | { kind: 'changed' };

const DATABASE = 'muse-photos';
/** PHOTOS_WAITING_KEY of photo-queue-trigger.ts (not imported: that module loads this one). */
const WAITING_KEY = 'muse-photos-waiting';
const STORE = 'waiting';

const keep = indexedStore(DATABASE, STORE, { keyPath: 'key' });

/** The sealing of an encrypted journal's photos: loaded only for one. */
const sealing = () => import('./photo-sealing.ts');

/** A queued photo as IndexedDB keeps it: its bytes instead of the Blob. */
type StoredPhoto = Omit<QueuedPhoto, 'file'> & { bytes: ArrayBuffer; type: string };

async function stored({ file, ...photo }: QueuedPhoto): Promise<StoredPhoto> {
  return { ...photo, bytes: await file.arrayBuffer(), type: file.type };
}

async function allQueued(): Promise<QueuedPhoto[]> {
  const all = await keep.run('readonly', (store) => store.getAll() as IDBRequest<StoredPhoto[]>);
  return all
    .map(({ bytes, type, ...photo }) => ({ ...photo, file: new Blob([bytes], { type }) }))
    .sort((a, b) => a.addedAt - b.addedAt);
}

const listeners = new Set<(change: QueueChange) => void>();

/** Calls `listener` on every change of the queue; returns how to stop. */
export function onQueueChange(listener: (change: QueueChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Notes for photo-queue-trigger.ts whether photos wait (storage blocked: found next time). */
function noteWaiting(some: boolean): void {
  try {
    if (some) localStorage.setItem(WAITING_KEY, '1');
    else localStorage.removeItem(WAITING_KEY);
  } catch {}
}

async function changed(change: QueueChange = { kind: 'changed' }): Promise<void> {
  noteWaiting((await allQueued()).length > 0);
  for (const listener of listeners) listener(change);
}

/** The photos of one entry still waiting (or refused), oldest first. */
export async function queuedPhotosOf(answerId: string): Promise<QueuedPhoto[]> {
  return (await allQueued()).filter((photo) => photo.answerId === answerId);
}

/** Keeps the files on the device for the entry, to be sent when they can be. */
export async function queuePhotos(
  answerId: string,
  files: readonly File[],
  keepMetadata: boolean,
): Promise<QueuedPhoto[]> {
  const now = Date.now();
  const queued: QueuedPhoto[] = [];
  const seal = getState().user.encryption ? await sealing() : null;
  for (const [index, file] of files.entries()) {
    const chosen: QueuedPhoto = {
      key: newId(),
      answerId,
      file,
      name: file.name,
      keepMetadata,
      addedAt: now + index,
    };
    const photo = seal ? await sealedForm(chosen, seal) : chosen;
    const record = await stored(photo);
    await keep.run('readwrite', (store) => store.put(record));
    queued.push(photo);
  }
  await changed();
  return queued;
}

type Sealing = Awaited<ReturnType<typeof sealing>>;

/** The photo sealed (a file the browser cannot draw: kept as a refusal, without its bytes). */
async function sealedForm(photo: QueuedPhoto, seal: Sealing): Promise<QueuedPhoto> {
  if (photo.sealed) return photo;
  try {
    const { bytes, width, height } = await seal.sealChosenPhoto(photo.file);
    return { ...photo, file: new Blob([bytes]), sealed: { width, height } };
  } catch (error) {
    if (!(error instanceof Error) || error.message !== seal.UNREADABLE_IMAGE) throw error;
    return { ...photo, file: new Blob([]), problem: `${photo.name}: ${error.message}` };
  }
}

/** The photo in words again (encryption turned off). */
async function openedForm({ sealed: _sealed, ...photo }: QueuedPhoto): Promise<QueuedPhoto> {
  const seal = await sealing();
  return { ...photo, file: await seal.openSealedBytes(photo.file) };
}

/**
 * The photo sealed (`encrypted`) or in words, rewritten in place when it changed. Throws
 * JournalLockedError without the key.
 */
async function inForm(
  photo: QueuedPhoto,
  encrypted = getState().user.encryption === true,
): Promise<QueuedPhoto> {
  if (photo.problem) return photo;
  if (encrypted === Boolean(photo.sealed)) return photo;
  const turned = encrypted ? await sealedForm(photo, await sealing()) : await openedForm(photo);
  const record = await stored(turned);
  await keep.run('readwrite', (store) => store.put(record));
  return turned;
}

/**
 * Turns every waiting photo sealed (encryption turned on) or into words (about to be off, while
 * the key still opens them). Those that cannot be are left as they are.
 */
export async function turnQueuedPhotos(seal: boolean): Promise<void> {
  for (const photo of await allQueued()) await inForm(photo, seal).catch(() => undefined);
  await changed();
}

/** Takes one waiting photo away (the person removed it). */
export async function unqueuePhoto(key: string): Promise<void> {
  await keep.run('readwrite', (store) => store.delete(key));
  await changed();
}

/** Forgets the waiting photos of one entry (deleted), or all of them (logout, account gone). */
export async function forgetQueuedPhotos(answerId?: string): Promise<void> {
  if (answerId === undefined) {
    await keep.run('readwrite', (store) => store.clear());
  } else {
    for (const photo of await queuedPhotosOf(answerId)) {
      await keep.run('readwrite', (store) => store.delete(photo.key));
    }
  }
  await changed();
}

/** A refusal that sending again would not change: the photo waits for the person instead. */
function refusedForGood(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 404 &&
    error.status !== 408 &&
    error.status !== 429 &&
    !isUnauthorized(error)
  );
}

const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;
let retryDelay = RETRY_FIRST_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** Not through (no network, the server busy or away): tried again later, less often each time. */
function retryLater(): void {
  if (retryTimer !== null) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void uploadQueuedPhotos();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/** Sends what can go now; 'stop' when the rest must wait (offline, session, server busy). */
async function sendOne(photo: QueuedPhoto): Promise<'next' | 'wait' | 'stop'> {
  const answer = getState().answers.find((a) => a._id === photo.answerId);
  // The entry is not on the server yet (written offline, or its first save on its way): by
  // its revision, or the one this device's own last save led to (its answer may not be taken
  // into the state when the person typed on meanwhile).
  if (!answer || rebased(answer).revision === undefined) return 'wait';
  let sending: QueuedPhoto;
  try {
    sending = await inForm(photo);
  } catch (error) {
    // Locked: the unlock sends it. Sealed with a key this device no longer holds: said so.
    if (error instanceof JournalLockedError) return 'stop';
    const refused = await stored({ ...photo, problem: `${photo.name}: ${messageOf(error)}` });
    await keep.run('readwrite', (store) => store.put(refused));
    await changed();
    return 'next';
  }
  if (sending.problem) return 'next';
  try {
    const form = sending.sealed ? { sealed: sending.sealed } : { keepMetadata: photo.keepMetadata };
    const stored = await uploadPhoto(photo.answerId, sending.file, photo.name, form, photo.key);
    await keep.run('readwrite', (store) => store.delete(photo.key));
    await changed({ kind: 'uploaded', key: photo.key, photo: stored });
    return 'next';
  } catch (error) {
    if (refusedForGood(error)) {
      const refused = await stored({ ...sending, problem: `${photo.name}: ${error.message}` });
      await keep.run('readwrite', (store) => store.put(refused));
      await changed();
      return 'next';
    }
    // 404: the entry is not on the server (yet): the offline sync brings it, then this runs again.
    if (error instanceof ApiError && error.status === 404) return 'wait';
    if (!isUnauthorized(error)) retryLater();
    return 'stop';
  }
}

let running: Promise<void> | null = null;
let askedAgain = false;

// The database stays open (its photos go with forgetQueuedPhotos), and `listeners` are the
// screens' own subscriptions, which they end when they unmount.
onReset(() => {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  retryDelay = RETRY_FIRST_MS;
  running = null;
  askedAgain = false;
});

/** Sends every waiting photo that can go, one at a time; never two runs at once. */
export function uploadQueuedPhotos(): Promise<void> {
  if (running) {
    askedAgain = true;
    return running;
  }
  running = (async () => {
    do {
      askedAgain = false;
      if (navigator.onLine === false) return;
      let queue: QueuedPhoto[];
      try {
        queue = (await allQueued()).filter((photo) => !photo.problem);
      } catch {
        return;
      }
      for (const photo of queue) {
        if ((await sendOne(photo)) === 'stop') return;
      }
      retryDelay = RETRY_FIRST_MS;
    } while (askedAgain);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Sends what can go now, then says how many photos still wait (asked before logging out). */
export async function settleQueuedPhotos(): Promise<number> {
  await uploadQueuedPhotos();
  return (await allQueued()).length;
}
