import type { ImportFormat, ImportSummary, LeftKind } from '#shared/api/transfer.ts';
import { formatDayKey } from '#shared/domain/date-format.ts';

const FORMATS: Record<ImportFormat, string> = {
  'muse-json': 'a Müse export',
  'day-one': 'a Day One export',
  markdown: 'Markdown files',
};

const entries = (n: number) => (n === 1 ? '1 entry' : `${n.toLocaleString('en')} entries`);

/** "12 entries from Jan 2, 2024 to Mar 3, 2025, from a Day One export." */
export function previewLine(summary: ImportSummary): string {
  const source = FORMATS[summary.format];
  if (summary.entries === 0) return `Nothing new to import from ${source}.`;
  const range =
    summary.from && summary.to
      ? summary.from === summary.to
        ? ` from ${formatDayKey(summary.from)}`
        : ` from ${formatDayKey(summary.from)} to ${formatDayKey(summary.to)}`
      : '';
  return `${entries(summary.entries)}${range}, from ${source}.`;
}

/** "3 skipped: already in your journal" lines, one per reason. */
export function skipLines(summary: ImportSummary): string[] {
  return summary.skipped.map(({ reason, count }) => `${entries(count)} skipped: ${reason}`);
}

const LEFT_WORDS: Record<LeftKind, [string, string]> = {
  locations: ['location', 'locations'],
  weather: ['weather note', 'weather notes'],
  photos: ['photo', 'photos'],
  photoOnly: ['photo-only entry', 'photo-only entries'],
};

/**
 * "2 locations, 2 weather notes and 4 photos are not brought over
 * yet." — what the file holds that Müse cannot keep yet, by kind; null when nothing.
 */
export function notBroughtOverLine(summary: ImportSummary): string | null {
  const parts = summary.notBroughtOver.map(({ kind, count }) => {
    const [one, many] = LEFT_WORDS[kind];
    return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
  });
  if (parts.length === 0) return null;
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const single = parts.length === 1 && summary.notBroughtOver[0]?.count === 1;
  return `${list} ${single ? 'is' : 'are'} not brought over yet.`;
}

/** Day One's photos, which an import into an encrypted journal leaves in the file (for now). */
export function sealedPhotosLine(photos: number): string {
  return photos === 1
    ? 'Its photo comes too, sealed on this device.'
    : `Their ${photos.toLocaleString('en')} photos come too, sealed on this device.`;
}

export function addingPhotosLine(photos: number): string {
  return photos === 1
    ? '1 photo is being added to its entry.'
    : `${photos.toLocaleString('en')} photos are being added to their entries.`;
}

export function importedLine(summary: ImportSummary): string {
  return summary.entries === 0
    ? 'Nothing new was imported.'
    : `Imported ${entries(summary.entries)}. Your streak and score now count them.`;
}

/** The browser's time zone, which decides the day each imported entry counts for. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
