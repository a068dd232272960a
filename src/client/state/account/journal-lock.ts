import { fetchUserAnswers } from '#client/api/answers.ts';
import { ApiError } from '#client/api/call.ts';
import { fetchKeyBundle, postForfeitEncrypted, postKeyBundle } from '#client/api/encryption.ts';
import { forgetDeviceKeys, keepDeviceKey } from '#client/encryption/device-key.ts';
import {
  createKeyBundle,
  unlockWithPassword,
  unlockWithRecoveryKey,
  WrongKeyError,
  withPasswordWrap,
} from '#client/encryption/keys.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { KeyBundle } from '#shared/api/encryption.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { openAnswers } from '../answers/answer-codec.ts';
import { sendAsWords } from '../answers/answer-crypto.ts';
import { syncOfflineRecord } from '../answers/offline-sync.ts';
import { waitingPhotoQueue } from '../answers/photo-queue-trigger.ts';
import { turnPhotos } from '../answers/photo-sealing.ts';
import { uploadAnswer } from '../answers/writes.ts';
import { getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { loadAnswers } from './loads.ts';

// Encryption of private entries, as the person meets it (issue 37, docs/ENCRYPTION.md): turning
// it on and off in settings, opening the key at sign-in and on the unlock screen, rewrapping it
// for a new password. Loaded only when an account's entries are encrypted or settings open
// (journal-key.ts looks for the key at start-up; the sealing itself is answer-codec.ts).

/** The words settings shows before encryption is turned on (issue 37). */
export const ENCRYPTION_WARNING =
  'Only your devices can read your private entries. If you forget your password and lose your recovery key, nobody — not even Müse — can give them back.';

export const WRONG_PASSWORD_FOR_KEY = 'That password does not open your journal';
export const WRONG_RECOVERY_KEY = 'That recovery key does not open your journal';
const SOME_STILL_SEALED =
  'Some entries or photos could not be saved as words: please try again when online';

/** The sweep that seals plain entries, while one runs. */
let sealing: Promise<number | null> | null = null;

onReset(() => {
  sealing = null;
});

/** The bundle of an answer from the server; WrongKeyError while encryption is off. */
export function bundleOf(response: { bundle: KeyBundle | null }): KeyBundle {
  if (!response.bundle) throw new WrongKeyError();
  return response.bundle;
}

/** The journal's key from the password, kept on this device for `userId`. */
async function keyFromPassword(userId: string, password: string): Promise<void> {
  const bundle = bundleOf(await fetchKeyBundle());
  await keepDeviceKey(userId, await unlockWithPassword(bundle, password));
}

/**
 * Right after a sign-in, before the account is in the store (so the unlock screen never shows
 * for a moment): the key from the password just typed. False when it does not open the bundle
 * (it was wrapped by an older password, before a reset): the unlock screen then asks for the
 * recovery key.
 */
export async function unlockAtSignIn(userId: string, password: string): Promise<boolean> {
  try {
    await keyFromPassword(userId, password);
    return true;
  } catch {
    return false;
  }
}

/** After the key is in: what waited for it is sent and loaded, and plain entries are sealed. */
async function afterUnlock(): Promise<void> {
  setState({ journalKey: 'held' });
  const outcome = await syncOfflineRecord();
  if (outcome !== 'synced') await loadAnswers();
  void sealPlainEntries();
}

/** What to tell the person of `error`: `wrong` for a key or password that does not open it. */
export function messageOf(error: unknown, wrong: string): string {
  if (error instanceof WrongKeyError) return wrong;
  if (error instanceof ApiError && error.status === 403) return wrong;
  if (error instanceof ApiError && error.status !== 0) return error.message;
  return MESSAGES.noConnection;
}

/**
 * Opens the journal with the key `open` takes out of the bundle (`known`, or the server's): the
 * key is kept on this device, then what waited for it goes. Null when open; else why not, with
 * `wrong` for a key that does not open it.
 */
export async function unlockJournalWith(
  open: (bundle: KeyBundle) => Promise<CryptoKey>,
  wrong: string,
  known?: KeyBundle,
): Promise<string | null> {
  try {
    const bundle = known ?? bundleOf(await fetchKeyBundle());
    await keepDeviceKey(getState().user._id, await open(bundle));
    await afterUnlock();
    return null;
  } catch (error) {
    return messageOf(error, wrong);
  }
}

/** Opens the journal with the password (the unlock screen). */
export function unlockJournal(password: string): Promise<string | null> {
  return unlockJournalWith(
    (bundle) => unlockWithPassword(bundle, password),
    WRONG_PASSWORD_FOR_KEY,
  );
}

/**
 * Opens the journal with the recovery key after the password was reset (the key was wrapped by
 * the old one): the key is wrapped again by the current password, which the server checks.
 */
export async function recoverJournal(
  recoveryKey: string,
  password: string,
): Promise<string | null> {
  try {
    const bundle = bundleOf(await fetchKeyBundle());
    const key = await unlockWithRecoveryKey(bundle, recoveryKey, { extractable: true });
    await postKeyBundle(await withPasswordWrap(bundle, key, password), password);
    await keepDeviceKey(getState().user._id, key);
    await afterUnlock();
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return 'That is not your password';
    return messageOf(error, WRONG_RECOVERY_KEY);
  }
}

/**
 * The key rewrapped for a new password (settings' "Change password"), or undefined when the
 * entries are not encrypted. Throws WrongKeyError when `current` does not open the bundle.
 */
export async function bundleForNewPassword(
  current: string,
  next: string,
): Promise<KeyBundle | undefined> {
  if (!getState().user.encryption) return undefined;
  const bundle = bundleOf(await fetchKeyBundle());
  const key = await unlockWithPassword(bundle, current, { extractable: true });
  return withPasswordWrap(bundle, key, next);
}

/** Turns the photos waiting on this device, then the server's (photo-sealing.ts' turnPhotos). */
async function turnEveryPhoto(seal: boolean): Promise<void> {
  await (await waitingPhotoQueue())?.turnQueuedPhotos(seal);
  await turnPhotos(seal);
}

/** Every entry of the person's as the server has it, opened, with this device's newer ones. */
async function everyEntry(): Promise<Answer[]> {
  const { user, answers } = getState();
  const onServer = await openAnswers((await fetchUserAnswers(user._id)).answers);
  const local = new Map(answers.map((a) => [a._id, a]));
  return onServer.map((a) => {
    const mine = local.get(a._id);
    return mine && mine.modified > a.modified ? mine : a;
  });
}

/**
 * Sends every entry the server still holds as words again, sealed: after turning encryption on,
 * after a sign-in brought a visitor's entries into an encrypted account, after an import.
 * Returns how many were sealed, or null when some could not be (offline: the next unlock tries
 * again).
 */
export function sealPlainEntries(): Promise<number | null> {
  // One sweep at a time: a second caller gets the running one's count.
  sealing ??= sealEach().finally(() => {
    sealing = null;
  });
  return sealing;
}

async function sealEach(): Promise<number | null> {
  try {
    const plain = (await everyEntry()).filter((a) => !a.encrypted);
    let sealed = 0;
    for (const answer of plain) {
      if ((await uploadAnswer(answer)) === 'saved') sealed += 1;
    }
    if (sealed !== plain.length) return null;
    await turnEveryPhoto(true);
    return sealed;
  } catch {
    return null;
  }
}

export type TurnedOn = { recoveryKey: string } | { error: string };

/**
 * Turns encryption on: a new key, wrapped by the password and by a recovery key shown once; the
 * server keeps only the wraps. Every entry is then sealed on this device and sent again.
 */
export async function turnOnEncryption(password: string): Promise<TurnedOn> {
  const { user } = getState();
  if (!user.name) return { error: 'Encryption needs an account with a password' };
  try {
    const { dataKey, bundle, recoveryKey } = await createKeyBundle(password);
    await postKeyBundle(bundle, password);
    await keepDeviceKey(user._id, dataKey);
    setState((s) => ({ user: { ...s.user, encryption: true }, journalKey: 'held' }));
    return { recoveryKey };
  } catch (error) {
    return { error: messageOf(error, 'That is not your password') };
  }
}

/**
 * Turns encryption off: every encrypted entry is sent again as words, then the server forgets
 * the key bundle (it refuses while any entry is still encrypted), then this device forgets the
 * key. Null when done; otherwise why not, with encryption still on.
 */
export async function turnOffEncryption(password: string): Promise<string | null> {
  try {
    // The password is checked first, on the device: nothing is decrypted for a wrong one.
    await unlockWithPassword(bundleOf(await fetchKeyBundle()), password);
  } catch (error) {
    return messageOf(error, WRONG_PASSWORD_FOR_KEY);
  }
  sendAsWords(true);
  try {
    // Twice at most: an entry another device sealed meanwhile is found by the second round.
    for (let round = 0; round < 2; round += 1) {
      const sealed = (await everyEntry()).filter((a) => a.encrypted);
      for (const answer of sealed) {
        if ((await uploadAnswer({ ...answer, encrypted: false })) !== 'saved') {
          return SOME_STILL_SEALED;
        }
      }
      if (
        !(await turnPhotos(false).then(
          () => true,
          () => false,
        ))
      )
        return SOME_STILL_SEALED;
      try {
        await postKeyBundle(null, password);
        break;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409) || round === 1) throw error;
      }
    }
    await forgetDeviceKeys();
    setState((s) => ({ user: { ...s.user, encryption: false }, journalKey: 'checking' }));
    return null;
  } catch (error) {
    return messageOf(error, WRONG_PASSWORD_FOR_KEY);
  } finally {
    sendAsWords(false);
  }
}

/**
 * For a person who lost both the password the key was wrapped with and the recovery key: every
 * encrypted entry is deleted (nobody can open them any more), encryption goes off, and the
 * journal goes on with the entries that were not encrypted. Null when done; else why not.
 */
export async function forfeitEncryptedEntries(password: string): Promise<string | null> {
  try {
    await postForfeitEncrypted(password);
  } catch (error) {
    return messageOf(error, 'That is not your password');
  }
  await forgetDeviceKeys();
  setState((s) => ({ user: { ...s.user, encryption: false }, journalKey: 'checking' }));
  const outcome = await syncOfflineRecord();
  if (outcome !== 'synced') await loadAnswers();
  return null;
}
