import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerInput } from '#client/api/answers.ts';
import { forgetDeviceKeys, keepDeviceKey } from '#client/encryption/device-key.ts';
import { decryptEntry, encryptEntry } from '#client/encryption/entries.ts';
import { createDataKey } from '#client/encryption/keys.ts';
import { buildAnswer, buildUser } from '#client/test-support/fixtures.ts';
import { initialPersistedState, initialTransientState } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { resetModuleState } from '../store/module-state.ts';
import { JournalLockedError, openAnswer, openAnswers, sealInput } from './answer-codec.ts';
import { sendAsWords } from './answer-crypto.ts';

// Issue 37: with encryption on, nothing of an entry's words or tags leaves the device unsealed,
// everything comes back opened, and a journal locked on this device sends nothing at all.

const TODAY = { year: 2026, month: 3, day: 5 };

function startAs(encryption: boolean) {
  const user = buildUser({ name: 'Ada', encryption });
  setState({ ...initialPersistedState(TODAY), ...initialTransientState(), user });
  return user;
}

describe('sealing and opening entries', () => {
  let key: CryptoKey;
  beforeEach(async () => {
    key = await createDataKey();
  });
  afterEach(async () => {
    await forgetDeviceKeys();
    resetModuleState();
  });

  it('sends words as they are while the account is not encrypted', async () => {
    const user = startAs(false);
    await keepDeviceKey(user._id, key);
    const input = answerInput(buildAnswer({ text: 'Plain words here', tags: ['sea'] }));
    expect(await sealInput(input)).toEqual(input);
    const plain = buildAnswer({ text: 'Plain words here' });
    expect(await openAnswer(plain)).toBe(plain);
  });

  it('seals words and tags together, with the score the device counted, and opens them back', async () => {
    const user = startAs(true);
    await keepDeviceKey(user._id, key);
    const answer = buildAnswer({ text: 'Three small words, and three more', tags: ['sea'] });
    const sealed = await sealInput(answerInput(answer));
    expect(sealed.encrypted).toBe(true);
    expect(sealed.tags).toBeUndefined();
    expect(sealed.score).toBe(2);
    expect(sealed.text).toMatch(/^e1\./);
    expect(sealed.text).not.toContain('words');
    expect(await decryptEntry(key, sealed.text)).toEqual({ text: answer.text, tags: ['sea'] });
    // The server's copy, as it comes back: opened into words and tags.
    const fromServer = { ...answer, text: sealed.text, tags: [], encrypted: true };
    expect(await openAnswer(fromServer)).toMatchObject({ text: answer.text, tags: ['sea'] });
  });

  it('seals the same words the same way again, so a resent save is a replay, and new words anew', async () => {
    const user = startAs(true);
    await keepDeviceKey(user._id, key);
    const answer = buildAnswer({ text: 'Sent once, answer lost' });
    const first = await sealInput(answerInput(answer));
    const again = await sealInput(answerInput(answer));
    expect(again.text).toBe(first.text);
    const changed = await sealInput(answerInput({ ...answer, text: 'Sent once, then more' }));
    expect(changed.text).not.toBe(first.text);
  });

  it('sends nothing and puts up the unlock screen when this device has no key', async () => {
    startAs(true);
    const input = answerInput(buildAnswer({ text: 'Not to be sent as words' }));
    await expect(sealInput(input)).rejects.toBeInstanceOf(JournalLockedError);
    expect(getState().journalKey).toBe('missing');
    const fromServer = buildAnswer({ text: await encryptEntry(key, { text: 'x', tags: [] }) });
    await expect(openAnswer({ ...fromServer, encrypted: true })).rejects.toBeInstanceOf(
      JournalLockedError,
    );
  });

  it('sends words while encryption is being turned off', async () => {
    const user = startAs(true);
    await keepDeviceKey(user._id, key);
    sendAsWords(true);
    const input = answerInput(buildAnswer({ text: 'Back to words' }));
    // Marked as meant: the server refuses words for an encrypted account otherwise.
    expect(await sealInput({ ...input, encrypted: true, score: 1 })).toEqual({
      ...input,
      plain: true,
    });
  });

  it('leaves out an entry that does not open with this key, and opens the rest', async () => {
    const user = startAs(true);
    await keepDeviceKey(user._id, key);
    const other = await createDataKey();
    const mine = buildAnswer({ text: await encryptEntry(key, { text: 'Mine', tags: [] }) });
    const stranger = buildAnswer({ text: await encryptEntry(other, { text: 'Not', tags: [] }) });
    const opened = await openAnswers([
      { ...mine, encrypted: true },
      { ...stranger, encrypted: true },
      buildAnswer({ text: 'Plain' }),
    ]);
    expect(opened.map((a) => a.text)).toEqual(['Mine', 'Plain']);
  });
});
