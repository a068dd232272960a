import { describe, expect, it } from 'vitest';
import { importedLine, previewLine, skipLines } from './transfer-rules.ts';

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
});
