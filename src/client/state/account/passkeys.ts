import { fetchKeyBundle, postKeyBundle } from '#client/api/encryption.ts';
import {
  createPrfInput,
  PASSKEY_LIMIT,
  type PasskeyWrap,
  unlockWithPasskey,
  unlockWithPassword,
  wrapWithPasskey,
} from '#client/encryption/keys.ts';
import {
  createPasskey,
  forgetPasskey,
  PASSKEY_FAILED,
  PasskeyError,
  type PrfOutput,
  passkeyOutput,
  passkeysAvailable,
} from '#client/encryption/passkey-prf.ts';
import type { KeyBundle } from '#shared/api/encryption.ts';
import { getState } from '../store/app-store.ts';
import { bundleOf, messageOf, unlockJournalWith, WRONG_PASSWORD_FOR_KEY } from './journal-lock.ts';

// Passkeys that unlock an encrypted journal (docs/ENCRYPTION.md, *Keys*): added and removed in
// settings with the password, like every change to the key bundle; used on the unlock screen,
// which then goes the way a password unlock goes (journal-lock.ts' unlockJournalWith). Loaded
// with settings and the unlock screen only.

export const WRONG_PASSKEY = 'That passkey does not open your journal';
const NOT_YOUR_PASSWORD = 'That is not your password';
const TOO_MANY = `You have ${PASSKEY_LIMIT} passkeys, the most a journal keeps: remove one first`;

export type Passkeys = { bundle: KeyBundle; passkeys: PasskeyWrap[] };
export type PasskeyChange = { passkeys: PasskeyWrap[] } | { error: string };

/** The account's passkeys, oldest first; null without encryption or when it cannot be asked. */
export async function loadPasskeys(): Promise<Passkeys | null> {
  try {
    const { bundle } = await fetchKeyBundle();
    return bundle ? { bundle, passkeys: passkeysOf(bundle) } : null;
  } catch {
    return null;
  }
}

function passkeysOf(bundle: KeyBundle | null): PasskeyWrap[] {
  return [...(bundle?.passkeys ?? [])].sort((a, b) => a.added.localeCompare(b.added));
}

/**
 * The journal's key opened by the password, ready for a new passkey to wrap. A step of its own:
 * the passkey prompt then opens straight from the person's next click, which some browsers
 * (Safari) ask of WebAuthn, and a wrong password leaves no passkey behind.
 */
export type ReadyToAdd = { bundle: KeyBundle; key: CryptoKey; password: string };

export async function prepareToAddPasskey(
  password: string,
): Promise<ReadyToAdd | { error: string }> {
  try {
    const bundle = bundleOf(await fetchKeyBundle());
    if ((bundle.passkeys?.length ?? 0) >= PASSKEY_LIMIT) return { error: TOO_MANY };
    const key = await unlockWithPassword(bundle, password, { extractable: true });
    return { bundle, key, password };
  } catch (error) {
    return { error: messageOf(error, WRONG_PASSWORD_FOR_KEY) };
  }
}

/**
 * A new passkey that unlocks the journal: its prompt first (called from the person's click),
 * then its PRF output wraps the key and the bundle goes to the server with the password.
 * Nothing changes when the passkey cannot give a PRF output.
 */
export async function addPasskey({ bundle, key, password }: ReadyToAdd): Promise<PasskeyChange> {
  const prf = createPrfInput();
  let made: PrfOutput;
  try {
    made = await createPasskey(getState().user.name, prf);
  } catch (error) {
    return { error: error instanceof PasskeyError ? error.message : PASSKEY_FAILED };
  }
  try {
    const wrap = await wrapWithPasskey(key, { ...made, prf });
    const next: KeyBundle = { ...bundle, passkeys: [...(bundle.passkeys ?? []), wrap] };
    return { passkeys: passkeysOf((await postKeyBundle(next, password)).bundle) };
  } catch (error) {
    forgetPasskey(made.credential);
    return { error: messageOf(error, NOT_YOUR_PASSWORD) };
  }
}

/** The passkey `credential` no longer unlocks the journal (the server checks the password). */
export async function removePasskey(credential: string, password: string): Promise<PasskeyChange> {
  try {
    const bundle = bundleOf(await fetchKeyBundle());
    const passkeys = (bundle.passkeys ?? []).filter((p) => p.credential !== credential);
    const saved = await postKeyBundle({ ...bundle, passkeys }, password);
    forgetPasskey(credential);
    return { passkeys: passkeysOf(saved.bundle) };
  } catch (error) {
    return { error: messageOf(error, NOT_YOUR_PASSWORD) };
  }
}

/** The bundle, when it has passkeys this browser could use (the unlock screen offers them). */
export async function passkeyUnlockable(): Promise<KeyBundle | null> {
  if (!passkeysAvailable()) return null;
  const known = await loadPasskeys();
  return known && known.passkeys.length > 0 ? known.bundle : null;
}

/** Opens the journal with one of `bundle`'s passkeys. Null when open; else why not. */
export async function unlockJournalByPasskey(bundle: KeyBundle): Promise<string | null> {
  let used: PrfOutput;
  try {
    used = await passkeyOutput(passkeysOf(bundle));
  } catch (error) {
    return error instanceof PasskeyError ? error.message : WRONG_PASSKEY;
  }
  return unlockJournalWith(
    (known) => unlockWithPasskey(known, used.credential, used.output),
    WRONG_PASSKEY,
    bundle,
  );
}
