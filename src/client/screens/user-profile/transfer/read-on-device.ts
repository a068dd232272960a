import type { ImportSummary } from '#shared/api/transfer.ts';
import {
  dayOnePhotoName,
  fromDayOne,
  fromMarkdown,
  IMPORT_FILE,
  type ImportCandidate,
  type ImportItem,
  ignoredInZip,
  importTally,
  jsonFormat,
  MAX_MARKDOWN_FILE,
  NOT_AN_IMPORT,
  SKIP,
  zipFormat,
} from '#shared/domain/import-items.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES } from '#shared/domain/limits.ts';
import { type DeviceZipEntry, ZipUnreadable, zipEntries } from './zip-on-device.ts';

// An encrypted journal's import file, read on this device (docs/ENCRYPTION.md): the same rules
// as the server's reading (#shared/domain/import-items.ts) make each entry an answer, a skip or
// what cannot come, and nothing of the file is sent until its entries are sealed.

/**
 * An entry of an import file as this device read it, to encrypt (docs/ENCRYPTION.md): the fields
 * of a Müse export's answer, its date already the one it gets. `importKey` is Day One's own
 * (`dayone:<uuid>`), kept with the entry. An entry the file held encrypted keeps `encrypted`,
 * `score` and a shared one's `sharedText` as they were.
 */
export type ImportEntry = Omit<ImportCandidate<DeviceZipEntry>, 'importKey' | 'left' | 'sealed'> & {
  importKey?: string;
  encrypted?: boolean;
  score?: number;
  sharedText?: string | null;
};

/** What a file holds, read here: what a preview says, and its entries in words with their photos. */
export type DeviceRead = { preview: ImportSummary; entries: ImportEntry[] };

/** A file this device cannot import: said to the person as it is. */
export class ImportUnreadable extends Error {
  override name = 'ImportUnreadable';
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const TOO_BIG = `Import files are at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`;
const utf8 = new TextDecoder();

/** An entry as the sealing takes it: a Müse export's fields, Day One's own key kept. */
function entryOf(c: ImportCandidate<DeviceZipEntry>): ImportEntry {
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
    photos: c.photos,
    ...(c.importKey ? { importKey: c.importKey } : {}),
    ...(c.sealed
      ? { encrypted: true, score: c.sealed.score, sharedText: c.sealed.sharedText }
      : {}),
  };
}

type Opened = {
  format: ImportSummary['format'];
  items: AsyncGenerator<ImportItem<DeviceZipEntry>>;
};

async function openZip(file: File, timeZone: string): Promise<Opened> {
  const entries = await zipEntries(file);
  const format = zipFormat(entries.map((entry) => entry.name));
  const photoFiles = new Map<string, DeviceZipEntry>();
  for (const entry of entries) {
    const name = dayOnePhotoName(entry.name);
    if (name) photoFiles.set(name, entry);
  }
  async function* items(): AsyncGenerator<ImportItem<DeviceZipEntry>> {
    for (const entry of entries) {
      const name = entry.name.toLowerCase();
      if (ignoredInZip(entry.name)) continue;
      if (format === 'day-one' && name.endsWith('.json')) {
        const journal = parsed(utf8.decode(await entry.read(MAX_IMPORT_BYTES)));
        for (const value of listOf(journal, 'entries'))
          yield fromDayOne(value, timeZone, photoFiles);
      } else if (format === 'markdown' && IMPORT_FILE.markdown.test(name)) {
        if (entry.size > MAX_MARKDOWN_FILE) yield { skip: SKIP.tooLong };
        else
          yield fromMarkdown(
            utf8.decode(await entry.read(MAX_MARKDOWN_FILE)),
            entry.name,
            timeZone,
          );
      } else if (IMPORT_FILE.image.test(name)) {
        // A picture is not an entry: a Markdown zip's are counted among what cannot come.
        if (format === 'markdown') yield { left: { photos: 1 } };
      } else {
        yield { skip: SKIP.otherFile };
      }
    }
  }
  return { format, items: items() };
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    throw new ImportUnreadable('This file is not JSON we can read');
  }
}

function listOf(value: unknown, key: string): unknown[] {
  const list =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : null;
  if (!Array.isArray(list)) throw new ImportUnreadable(NOT_AN_IMPORT);
  return list;
}

async function openJson(file: File, timeZone: string): Promise<Opened> {
  const text = await file.text();
  const json = jsonFormat(text.slice(0, 1024 * 1024), timeZone);
  if (!json) throw new ImportUnreadable(NOT_AN_IMPORT);
  const list = listOf(parsed(text), json.key);
  async function* items(): AsyncGenerator<ImportItem<DeviceZipEntry>> {
    for (const value of list) yield json?.read(value) ?? { skip: SKIP.notAnEntry };
  }
  return { format: json.format, items: items() };
}

/**
 * Reads an import file here, as the server would read it for a preview: each entry checked,
 * one repeated in the file skipped, at most MAX_IMPORT_ENTRIES. Entries the journal already
 * holds are left to the caller, which knows the journal.
 */
export async function readImportOnDevice(file: File, timeZone: string): Promise<DeviceRead> {
  if (file.size > MAX_IMPORT_BYTES) throw new ImportUnreadable(TOO_BIG);
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const isZip = ZIP.every((byte, at) => head[at] === byte);
  const tally = importTally();
  const { skip, leave } = tally;
  const seen = new Set<string>();
  const entries: ImportEntry[] = [];
  let format: ImportSummary['format'];
  try {
    const opened = isZip ? await openZip(file, timeZone) : await openJson(file, timeZone);
    format = opened.format;
    for await (const item of opened.items) {
      if ('skip' in item) {
        skip(item.skip);
        continue;
      }
      if ('left' in item) {
        leave(item.left);
        continue;
      }
      const c = item.candidate;
      const key = c.importKey ?? `${c.answered}\u0000${c.prompt_title}\u0000${c.text}`;
      if (seen.has(key)) {
        skip('repeated in the file');
        continue;
      }
      if (seen.size >= MAX_IMPORT_ENTRIES) {
        throw new ImportUnreadable(
          `This file holds more than ${MAX_IMPORT_ENTRIES.toLocaleString('en')} entries: import it in parts`,
        );
      }
      seen.add(key);
      leave(c.left);
      entries.push(entryOf(c));
    }
  } catch (error) {
    if (error instanceof ZipUnreadable) throw new ImportUnreadable(error.message);
    throw error;
  }
  return {
    preview: tally.summary(format, entries.length, null, null),
    entries,
  };
}
