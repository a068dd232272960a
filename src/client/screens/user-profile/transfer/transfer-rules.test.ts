import { describe, expect, it } from 'vitest';
import {
  addingPhotosLine,
  importedLine,
  notBroughtOverLine,
  previewLine,
  sealedPhotosLine,
  skipLines,
} from './transfer-rules.ts';

describe('import wording', () => {
  const summary = {
    format: 'day-one' as const,
    entries: 1200,
    from: '2024-01-02',
    to: '2025-03-03',
    skipped: [
      { reason: 'no text', count: 1 },
      { reason: 'already in your journal', count: 3 },
    ],
    notBroughtOver: [],
  };

  it('says how many, from when to when, and from what', () => {
    expect(previewLine(summary)).toBe(
      '1,200 entries from Jan 2, 2024 to Mar 3, 2025, from a Day One export.',
    );
    expect(previewLine({ ...summary, entries: 1, to: '2024-01-02' })).toBe(
      '1 entry from Jan 2, 2024, from a Day One export.',
    );
    expect(previewLine({ ...summary, entries: 0 })).toBe(
      'Nothing new to import from a Day One export.',
    );
  });

  it('lists each reason for skipping', () => {
    expect(skipLines(summary)).toEqual([
      '1 entry skipped: no text',
      '3 entries skipped: already in your journal',
    ]);
    expect(importedLine(summary)).toMatch(/^Imported 1,200 entries\./);
  });

  it('names what is not brought over yet, by kind with counts (issue 35 point 4)', () => {
    expect(notBroughtOverLine(summary)).toBeNull();
    expect(
      notBroughtOverLine({
        ...summary,
        notBroughtOver: [
          { kind: 'locations', count: 2 },
          { kind: 'weather', count: 2 },
          { kind: 'photos', count: 4 },
          { kind: 'photoOnly', count: 1 },
        ],
      }),
    ).toBe(
      '2 locations, 2 weather notes, 4 photos and 1 photo-only entry are not brought over yet.',
    );
    expect(notBroughtOverLine({ ...summary, notBroughtOver: [{ kind: 'photos', count: 1 }] })).toBe(
      '1 photo is not brought over yet.',
    );
  });

  it('says an encrypted journal’s photos come with the import, sealed (issue 37 point 4)', () => {
    expect(sealedPhotosLine(1)).toBe('Its photo comes too, sealed on this device.');
    expect(sealedPhotosLine(1200)).toBe('Their 1,200 photos come too, sealed on this device.');
    expect(addingPhotosLine(1)).toBe('1 photo is being added to its entry.');
    expect(addingPhotosLine(3)).toBe('3 photos are being added to their entries.');
  });
});
