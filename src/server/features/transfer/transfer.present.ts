import type { ImportEntry } from '#shared/api/transfer.ts';
import type { ImportCandidate } from './import-sources.ts';

/** An entry read from an import file, for the importer's device to encrypt (docs/ENCRYPTION.md). */
export function presentImportEntry(c: ImportCandidate): ImportEntry {
  return {
    prompt_id: c.prompt_id,
    prompt_title: c.prompt_title,
    text: c.text,
    type: c.type,
    categories: c.categories,
    tags: c.tags,
    answered: c.answered,
    modified: c.modified,
    shared: c.shared,
    sharedOn: c.sharedOn,
    anonymous: c.anonymous,
    // Day One's own key says nothing of the words; a hash of them is never sent or kept.
    ...(c.importKey.startsWith('dayone:') ? { importKey: c.importKey } : {}),
    ...(c.sealed
      ? { encrypted: true, score: c.sealed.score, sharedText: c.sealed.sharedText }
      : {}),
  };
}
