import { deviceKey } from '#client/encryption/device-key.ts';
import { decryptEntry, encryptEntry } from '#client/encryption/entries.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { RequestOf } from '#shared/api/endpoints.ts';
import { wordScore } from '#shared/domain/score.ts';
import { getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { isUnreadable, JournalLockedError } from './codec-errors.ts';

// The sealing and opening of answer-codec.ts, for an account whose entries are encrypted: loaded
// only for one (docs/ENCRYPTION.md).

type AnswerInput = RequestOf<'/api/answer/save'>['answer'];

/** Says so, and puts up the unlock screen (the layout shows it while `journalKey` is missing). */
function locked(): never {
  setState({ journalKey: 'missing' });
  throw new JournalLockedError();
}

/** Turning encryption off: entries go back as words while the key still opens the rest. */
let unsealing = false;

/**
 * The last sealing of each answer's words, reused while they do not change: an entry sent again
 * (a save whose answer was lost, the offline record) is then the same ciphertext, which the
 * server recognises as a replay instead of a second text (decision 013).
 */
const lastSealed = new Map<string, { plain: string; sealed: string }>();

onReset(() => {
  unsealing = false;
  lastSealed.clear();
});

/** Forgets every sealing this page remembers (logout: the next person's device is clean). */
export function forgetSealedEntries(): void {
  lastSealed.clear();
}

/** While true, saves go as words even though the account is still encrypted (turning off). */
export function sendAsWords(on: boolean): void {
  unsealing = on;
}

/** The key saves are sealed with: null = send words; throws when the journal is locked. */
function sealingKey(): CryptoKey | null {
  const { user } = getState();
  if (!user.encryption || unsealing) return null;
  return deviceKey(user._id) ?? locked();
}

/**
 * An answer as the save call takes it, sealed when the account's entries are encrypted; while
 * turning encryption off, words marked as meant (`plain`), which the server otherwise refuses.
 */
export async function sealInput(input: AnswerInput): Promise<AnswerInput> {
  const { encrypted: _encrypted, score: _score, plain: _plain, ...words } = input;
  const key = sealingKey();
  if (!key) return getState().user.encryption ? { ...words, plain: true } : words;
  const { tags, ...rest } = words;
  const entry = { text: input.text, tags: tags ?? [] };
  const plain = JSON.stringify(entry);
  const known = lastSealed.get(input._id);
  const sealed =
    known?.plain === plain
      ? known.sealed
      : await encryptEntry(key, { text: entry.text, tags: entry.tags });
  lastSealed.set(input._id, { plain, sealed });
  return { ...rest, text: sealed, encrypted: true, score: wordScore(input.text) };
}

/** An answer from the server, opened when it is encrypted; JournalLockedError without the key. */
export async function openAnswer(answer: Answer): Promise<Answer> {
  if (!answer.encrypted) return answer;
  const key = deviceKey(getState().user._id) ?? locked();
  const { text, tags } = await decryptEntry(key, answer.text);
  lastSealed.set(answer._id, { plain: JSON.stringify({ text, tags }), sealed: answer.text });
  return { ...answer, text, tags };
}

/**
 * Answers from the server, opened. One at a time: WebCrypto queues every call it is given, and
 * 3,650 at once took twice as long as one after another in Chromium at 4× CPU slowdown. An entry
 * that does not open (altered, or sealed with another key) is left out, not shown as gibberish.
 */
export async function openAnswers(answers: readonly Answer[]): Promise<Answer[]> {
  const start = performance.now();
  const opened: Answer[] = [];
  for (const answer of answers) {
    try {
      opened.push(await openAnswer(answer));
    } catch (error) {
      if (!isUnreadable(error)) throw error;
    }
  }
  // For `npm run bench:decrypt` and the browser's performance panel.
  if (answers.some((a) => a.encrypted)) {
    performance.measure('muse:open-entries', { start, detail: { count: answers.length } });
  }
  return opened;
}
