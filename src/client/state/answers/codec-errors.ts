// The two ways an encrypted entry cannot cross (docs/ENCRYPTION.md), apart from the code that
// seals and opens (answer-crypto.ts, loaded only for an encrypted account), so that everyone can
// tell them without loading it.

/** The account's entries are encrypted and this device does not hold the key (yet). */
export class JournalLockedError extends Error {
  constructor() {
    super('Your journal is locked on this device');
    this.name = 'JournalLockedError';
  }
}

/** An entry that does not open with this key (entries.ts' UnreadableEntryError). */
export const isUnreadable = (error: unknown): boolean =>
  error instanceof Error && error.name === 'UnreadableEntryError';
