import { ApiError } from '#client/api/call.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { RequestOf } from '#shared/api/endpoints.ts';
import { getState, setState } from '../store/app-store.ts';

// Where a person's entries cross between this device and the server (docs/ENCRYPTION.md): with
// encryption on, every answer sent is sealed here first and every answer received is opened
// here, so the rest of the app — the store, the editor, search, On this day, the saved state —
// only ever sees words. With encryption on and no key on this device, nothing is sent or shown:
// JournalLockedError, and the unlock screen (journal-lock.ts) asks for the password. The sealing
// itself (answer-crypto.ts) is loaded only for an account whose entries are encrypted: a plain
// journal's first load does not carry it.

type AnswerInput = RequestOf<'/api/answer/save'>['answer'];

export { isUnreadable, JournalLockedError } from './codec-errors.ts';

/** The sealing code, once loaded. */
let loaded: typeof import('./answer-crypto.ts') | null = null;
const crypto = async () => {
  loaded ??= await import('./answer-crypto.ts');
  return loaded;
};

/**
 * An answer as the save call takes it, sealed when the account's entries are encrypted; while
 * turning encryption off, words marked as meant (`plain`), which the server otherwise refuses.
 */
export async function sealInput(input: AnswerInput): Promise<AnswerInput> {
  if (getState().user.encryption) return (await crypto()).sealInput(input);
  const { encrypted: _encrypted, score: _score, plain: _plain, ...words } = input;
  return words;
}

/** An answer from the server, opened when it is encrypted; JournalLockedError without the key. */
export async function openAnswer(answer: Answer): Promise<Answer> {
  return answer.encrypted ? (await crypto()).openAnswer(answer) : answer;
}

/** Answers from the server, opened; one that does not open is left out (answer-crypto.ts). */
export async function openAnswers(answers: readonly Answer[]): Promise<Answer[]> {
  return answers.some((a) => a.encrypted) ? (await crypto()).openAnswers(answers) : [...answers];
}

/** Forgets every sealing this page remembers (logout: the next person's device is clean). */
export function forgetSealedEntries(): void {
  loaded?.forgetSealedEntries();
}

/** The server's word that the account's entries are encrypted (ENCRYPTION_ON of the server). */
const ENCRYPTION_ON = /^Encryption is on for this account/;

/**
 * A save or sync refused because this device did not know encryption was turned on elsewhere:
 * it knows now (the unlock screen comes up, or the key it holds seals what waits). True when
 * that was the refusal.
 */
export function noteEncryptionOn(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 409 || !ENCRYPTION_ON.test(error.message)) {
    return false;
  }
  setState((s) => (s.user.encryption ? {} : { user: { ...s.user, encryption: true } }));
  return true;
}
