import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { ImportFormat } from '#shared/api/transfer.ts';
import {
  dayOnePhotoName,
  fromDayOne,
  fromMarkdown,
  IMPORT_FILE,
  ignoredInZip,
  jsonFormat,
  MAX_MARKDOWN_FILE,
  NOT_AN_IMPORT,
  type ImportCandidate as ReadCandidate,
  type ImportItem as ReadItem,
  SKIP,
  zipFormat,
} from '#shared/domain/import-items.ts';
import { JsonStreamError, jsonArrayItems } from './json-array-stream.ts';
import { readZip, type ZipEntry, ZipRefused } from './zip-reader.ts';

// An uploaded import file read on the server: its format found, its entries read one at a time
// (#shared/domain/import-items.ts makes each an answer, a skip or what cannot come), a zip's
// Day One photos unpacked only when their entry is stored.

export { DAY_ONE_PROMPT, type LeftBehind, SKIP, STARRED_TAG } from '#shared/domain/import-items.ts';

/** A photo an entry brings (Day One's photos/<md5>.<type>): unpacked only when it is stored. */
export type ImportPhoto = { name: string; open: () => Promise<Readable> };

/** An answer read from a file, keyed: by Day One's id, or by the hash of what it says. */
export type ImportCandidate = ReadCandidate<ImportPhoto> & { importKey: string };

export type ImportItem = { candidate: ImportCandidate } | Exclude<ReadItem, { candidate: unknown }>;

/** The same answer always has the same key: ISO date, prompt and text. */
export function contentKey(answered: string, promptTitle: string, text: string): string {
  const hash = createHash('sha256').update(`${answered}\u0000${promptTitle}\u0000${text}`);
  return `sha256:${hash.digest('base64url')}`;
}

/** The item with its import key: its own, or the hash of its date, prompt and text. */
function keyed(item: ReadItem<ImportPhoto>): ImportItem {
  if (!('candidate' in item)) return item;
  const { candidate } = item;
  const importKey =
    candidate.importKey ?? contentKey(candidate.answered, candidate.prompt_title, candidate.text);
  return { candidate: { ...candidate, importKey } };
}

async function* chunksOf(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (error) {
    // yauzl checks every entry's real size against its header as it unpacks.
    throw error instanceof ZipRefused ? error : new ZipRefused('The zip is damaged');
  }
}

/**
 * A readable import: the format found and the items, read one at a time. `close` lets the file
 * go once the import is done with it: an entry's photos are unpacked after its batch is read,
 * so a zip stays open until then.
 */
export type ImportSource = {
  format: ImportFormat;
  items: AsyncGenerator<ImportItem>;
  close: () => void;
};

async function firstBytes(path: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * What the uploaded file is: a zip (Day One's export with Journal.json, or Markdown files) or
 * a JSON file (Müse's export, or a bare Day One Journal.json). Anything else is refused.
 */
export async function openImportSource(path: string, timeZone: string): Promise<ImportSource> {
  const head = await firstBytes(path, 1024 * 1024);
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    return openZipSource(path, timeZone);
  }
  const json = jsonFormat(head.toString('utf8'), timeZone);
  if (!json) throw new ZipRefused(NOT_AN_IMPORT);
  async function* items(): AsyncGenerator<ImportItem> {
    for await (const value of jsonArrayItems(fs.createReadStream(path), json?.key ?? ''))
      yield keyed(json?.read(value) ?? { skip: SKIP.notAnEntry });
  }
  return { format: json.format, items: items(), close: () => {} };
}

async function openZipSource(path: string, timeZone: string): Promise<ImportSource> {
  const zip = await readZip(path);
  const format = zipFormat(zip.entries.map((entry) => entry.name));
  // Day One keeps each photo as photos/<md5>.<type>, beside Journal.json.
  const photoFiles = new Map<string, ZipEntry>();
  for (const entry of zip.entries) {
    const name = dayOnePhotoName(entry.name);
    if (name) photoFiles.set(name, entry);
  }
  async function* items(): AsyncGenerator<ImportItem> {
    for (const entry of zip.entries) {
      const name = entry.name.toLowerCase();
      if (ignoredInZip(entry.name)) continue;
      if (format === 'day-one' && name.endsWith('.json')) {
        const stream = chunksOf(await entry.open());
        for await (const value of jsonArrayItems(stream, 'entries'))
          yield keyed(fromDayOne(value, timeZone, photoFiles));
      } else if (format === 'markdown' && IMPORT_FILE.markdown.test(name)) {
        if (entry.size > MAX_MARKDOWN_FILE) {
          yield { skip: SKIP.tooLong };
          continue;
        }
        const parts: Buffer[] = [];
        for await (const chunk of chunksOf(await entry.open())) parts.push(chunk);
        yield keyed(fromMarkdown(Buffer.concat(parts).toString('utf8'), entry.name, timeZone));
      } else if (IMPORT_FILE.image.test(name)) {
        // A picture is not an entry: Day One's are counted by their entries' `photos`, a
        // Markdown zip's here, both among what is not brought over yet.
        if (format === 'markdown') yield { left: { photos: 1 } };
      } else {
        yield { skip: SKIP.otherFile };
      }
    }
  }
  return { format, items: items(), close: zip.close };
}

export { JsonStreamError };
