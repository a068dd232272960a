import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { MAX_ANSWER_TEXT, MAX_PROMPT_TITLE } from '#shared/api/common.ts';
import type { ImportFormat, LeftKind } from '#shared/api/transfer.ts';
import { parseDayKey } from '#shared/domain/calendar-day.ts';
import { journalTitle } from '#shared/domain/date-format.ts';
import { startOfHour } from '#shared/domain/hour.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_ENTRY } from '#shared/domain/limits.ts';
import { markdownToAnswer } from '#shared/domain/markdown-format.ts';
import { isSealedEntry, MAX_SEALED_ENTRY } from '#shared/domain/sealed-entry.ts';
import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags } from '#shared/domain/tags.ts';
import { dayInZone, noonInZone } from '#shared/domain/zoned-day.ts';
import { firstHeading, titleOf, unescapeMarkdown } from './day-one-text.ts';
import { JsonStreamError, jsonArrayItems } from './json-array-stream.ts';
import { readZip, type ZipEntry, ZipRefused } from './zip-reader.ts';

/** A photo an entry brings (Day One's photos/<md5>.<type>): unpacked only when it is stored. */
export type ImportPhoto = { name: string; open: () => Promise<Readable> };

/** An answer read from a file, before it belongs to anyone. */
export type ImportCandidate = {
  /** Where it came from: 'dayone:<uuid>' or a hash of date, prompt and text (decision 021). */
  importKey: string;
  prompt_id: string | null;
  prompt_title: string;
  text: string;
  type: string;
  categories: string[];
  /** The entry's tags, cleaned and at most 20 of at most 40 characters (domain/tags.ts). */
  tags: string[];
  answered: string;
  modified: string;
  shared: boolean;
  sharedOn: string | null;
  anonymous: boolean;
  /** What the entry holds that Müse cannot keep yet (Day One's place, weather). */
  left: LeftBehind;
  /** Its photos found in the file, in order (decision 062); attached once it is written. */
  photos: ImportPhoto[];
  /**
   * Sealed on the importer's device (docs/ENCRYPTION.md): `text` is an encrypted entry holding
   * the words and tags, `score` the word score the device counted, and `sharedText` the world's
   * copy of a shared one, in words by the person's choice. Null for words.
   */
  sealed: { score: number; sharedText: string | null } | null;
};

/** Counts by kind of what an entry holds that Müse cannot keep yet (issue 35 point 4). */
export type LeftBehind = Partial<Record<LeftKind, number>>;

/**
 * An entry, a skipped one with its reason, or something not brought over at all: a photo-only
 * Day One entry, or a picture file in a zip of Markdown files (never counted as a skipped entry).
 */
export type ImportItem = { candidate: ImportCandidate } | { skip: string } | { left: LeftBehind };

export const SKIP = {
  noText: 'no text',
  noDate: 'no readable date',
  tooLong: `longer than ${MAX_ANSWER_TEXT.toLocaleString('en')} characters`,
  notAnEntry: 'not an entry we can read',
  otherFile: 'files that are not Markdown or JSON',
  encrypted: 'encrypted: the server could not export its words',
} as const;

export const DAY_ONE_PROMPT = 'Day One';

/** The same answer always has the same key: ISO date, prompt and text. */
export function contentKey(answered: string, promptTitle: string, text: string): string {
  const hash = createHash('sha256').update(`${answered}\u0000${promptTitle}\u0000${text}`);
  return `sha256:${hash.digest('base64url')}`;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  const time = date.getTime();
  // Years 1-9999 only: every day must have a four-digit key.
  if (Number.isNaN(time) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) return null;
  return date.toISOString();
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 40)
        .slice(0, 20)
    : [];
}

/** Tags as Müse keeps them: cleaned, once each; past the limits, the first that fit. */
function tagList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const strings = value.filter((v): v is string => typeof v === 'string');
  return normaliseTags(strings)
    .filter((tag) => tag.length <= MAX_TAG_LENGTH)
    .slice(0, MAX_TAGS);
}

type Fields = {
  prompt_id: unknown;
  prompt_title: unknown;
  text: unknown;
  type: unknown;
  categories: unknown;
  tags: unknown;
  answered: unknown;
  modified: unknown;
  shared: unknown;
  sharedOn: unknown;
  anonymous: unknown;
};

/**
 * The checks every format shares: a date, some text (or a photo: a photo-only day stays a day),
 * within the limits of a saved answer.
 */
function toItem(
  fields: Fields,
  importKey: string | null,
  left: LeftBehind = {},
  photos: ImportPhoto[] = [],
  maxText: number = MAX_ANSWER_TEXT,
): ImportItem {
  const answered = isoOrNull(fields.answered);
  if (!answered) return { skip: SKIP.noDate };
  const body = text(fields.text);
  if (body.trim() === '' && photos.length === 0) return { skip: SKIP.noText };
  if (body.length > maxText) return { skip: SKIP.tooLong };
  if (body.includes('\u0000')) return { skip: SKIP.notAnEntry };
  const promptTitle = text(fields.prompt_title).replaceAll('\u0000', '').slice(0, MAX_PROMPT_TITLE);
  const type = text(fields.type).trim().slice(0, 40) || 'paragraph';
  const promptId = text(fields.prompt_id);
  const shared = fields.shared === true;
  const anonymous = fields.anonymous === true;
  const sharedOn = shared ? (isoOrNull(fields.sharedOn) ?? answered) : null;
  return {
    candidate: {
      importKey: importKey ?? contentKey(answered, promptTitle, body),
      prompt_id: promptId && promptId.length <= 64 ? promptId : null,
      prompt_title: promptTitle,
      text: body,
      type,
      categories: stringList(fields.categories),
      tags: tagList(fields.tags),
      answered,
      modified: isoOrNull(fields.modified) ?? answered,
      shared,
      // An anonymous share takes its place in the world by the hour, as when shared in Müse.
      sharedOn: anonymous && sharedOn ? startOfHour(sharedOn) : sharedOn,
      anonymous,
      left,
      photos,
      sealed: null,
    },
  };
}

/** An import key an encrypted entry may bring: Day One's, which says nothing of its words. */
function dayOneKey(value: unknown): string | null {
  return typeof value === 'string' &&
    /^dayone:./.test(value) &&
    value.length <= 'dayone:'.length + 64 &&
    !value.includes('\u0000')
    ? value
    : null;
}

/**
 * An answer of a Müse JSON file sealed on the importer's device (docs/ENCRYPTION.md): the same
 * fields as an export's, `text` an encrypted entry with the tags inside it, `score` the words'
 * score, a shared one's world copy in `sharedText` (without it, it comes in private). Its import
 * key is the hash of its ciphertext, so sending the same file again adds nothing and no hash of
 * the words is kept; a Day One entry keeps its own `importKey`.
 */
function fromSealed(a: Record<string, unknown>): ImportItem {
  const answered = isoOrNull(a.answered);
  if (!answered) return { skip: SKIP.noDate };
  const sealed = text(a.text);
  const score = a.score;
  if (
    !isSealedEntry(sealed) ||
    sealed.length > MAX_SEALED_ENTRY ||
    typeof score !== 'number' ||
    !Number.isInteger(score) ||
    score < 0 ||
    score > MAX_ANSWER_TEXT
  ) {
    return { skip: SKIP.notAnEntry };
  }
  const sharedText =
    typeof a.sharedText === 'string' &&
    a.sharedText.trim() !== '' &&
    a.sharedText.length <= MAX_ANSWER_TEXT &&
    !a.sharedText.includes('\u0000')
      ? a.sharedText
      : null;
  const item = toItem(
    {
      prompt_id: a.prompt_id,
      prompt_title: a.prompt_title,
      text: sealed,
      type: a.type,
      categories: a.categories,
      tags: [],
      answered,
      modified: a.modified,
      shared: a.shared === true && sharedText !== null,
      sharedOn: a.sharedOn,
      anonymous: a.anonymous,
    },
    dayOneKey(a.importKey),
    {},
    [],
    MAX_SEALED_ENTRY,
  );
  if (!('candidate' in item)) return item;
  const shared = item.candidate.shared;
  return {
    candidate: { ...item.candidate, sealed: { score, sharedText: shared ? sharedText : null } },
  };
}

/** An answer of Müse's own JSON export (/api/user/export's `answers`). */
function fromMuse(value: unknown): ImportItem {
  if (typeof value !== 'object' || value === null) return { skip: SKIP.notAnEntry };
  const a = value as Record<string, unknown>;
  if (a.encrypted === true) return fromSealed(a);
  return toItem(
    {
      prompt_id: a.prompt_id,
      prompt_title: a.prompt_title,
      text: a.text,
      type: a.type,
      categories: a.categories,
      tags: a.tags,
      answered: a.answered,
      modified: a.modified,
      shared: a.shared,
      sharedOn: a.sharedOn,
      anonymous: a.anonymous,
    },
    null,
  );
}

// Day One writes pictures into the text as ![](dayone-moment://…) lines: the photos they name
// are attached to the entry instead (shown under its words), so the links go.
const DAY_ONE_MOMENT = /!\[[^\]]*\]\(dayone-moment:[^)]*\)\n?/g;

function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || zone === '') return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `time`, in milliseconds. */
function offsetAt(time: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    offsetFormats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(time)).map((x) => [x.type, x.value]));
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - (time - (((time % 1000) + 1000) % 1000));
}

/**
 * The same wall-clock time in `to` as `iso` shows in `from` (issue 35 point 4): a Day One entry
 * written at 00:30 on 5 March in Berlin is 00:30 on 5 March wherever it is imported, so it lands
 * on its own day in the journal, the calendar, the streak and the preview alike, all of which
 * read days in the importer's zone. In a gap (a clock change) it moves forward with the clock.
 */
export function sameWallClock(iso: string, from: string, to: string): string {
  if (from === to) return iso;
  const time = new Date(iso).getTime();
  const wall = time + offsetAt(time, from);
  let guess = wall - offsetAt(wall, to);
  guess = wall - offsetAt(guess, to);
  const moved = new Date(guess);
  return Number.isNaN(moved.getTime()) ? iso : moved.toISOString();
}

const present = (value: unknown): boolean =>
  value !== null && value !== undefined && value !== false && value !== '';

/** Day One's photo files in its zip, by their name under photos/ (`<md5>.<type>`), lowercase. */
export type DayOnePhotoFiles = ReadonlyMap<string, ZipEntry>;

/**
 * The entry's photos whose files are in the zip (at most MAX_PHOTOS_PER_ENTRY, none larger
 * than a photo upload may be), and how many it names that cannot come (no file: a bare
 * Journal.json; too many; too large).
 */
function dayOnePhotos(
  e: Record<string, unknown>,
  files: DayOnePhotoFiles | null,
): { found: ImportPhoto[]; missing: number } {
  const listed = Array.isArray(e.photos) ? e.photos : [];
  const found: ImportPhoto[] = [];
  for (const photo of listed) {
    if (typeof photo !== 'object' || photo === null || found.length >= MAX_PHOTOS_PER_ENTRY)
      continue;
    const { md5, type } = photo as Record<string, unknown>;
    if (typeof md5 !== 'string' || typeof type !== 'string') continue;
    const entry = files?.get(`${md5}.${type}`.toLowerCase());
    if (entry && entry.size <= MAX_PHOTO_BYTES) found.push({ name: entry.name, open: entry.open });
  }
  return { found, missing: listed.length - found.length };
}

/** The tag a starred Day One entry is given (issue 35 point 4). */
export const STARRED_TAG = 'starred';

/** What a Day One entry holds that Müse does not keep yet; zero counts are left out. */
function leftOf(e: Record<string, unknown>, missingPhotos: number): LeftBehind {
  const left: LeftBehind = {};
  const counts: [LeftKind, number][] = [
    ['locations', typeof e.location === 'object' && present(e.location) ? 1 : 0],
    ['weather', typeof e.weather === 'object' && present(e.weather) ? 1 : 0],
    ['photos', missingPhotos],
  ];
  for (const [kind, n] of counts) if (n > 0) left[kind] = n;
  return left;
}

/**
 * An entry of a Day One JSON export (`entries` of Journal.json), dated by the wall clock of
 * its own `timeZone` (UTC when it names none or one this runtime does not know), moved into
 * the importer's zone `timeZone`; its escapes removed and its title its own (day-one-text.ts).
 */
function fromDayOne(
  value: unknown,
  timeZone: string,
  photoFiles: DayOnePhotoFiles | null = null,
): ImportItem {
  if (typeof value !== 'object' || value === null) return { skip: SKIP.notAnEntry };
  const e = value as Record<string, unknown>;
  const uuid = typeof e.uuid === 'string' && e.uuid.length <= 64 ? e.uuid : null;
  if (!uuid) return { skip: SKIP.notAnEntry };
  const photos = dayOnePhotos(e, photoFiles);
  const left = leftOf(e, photos.missing);
  const raw = text(e.text).replace(DAY_ONE_MOMENT, '').trim();
  // Photos without their files (a bare Journal.json) and no words: nothing to bring over.
  if (raw === '' && photos.found.length === 0 && (left.photos ?? 0) > 0) {
    return { left: { ...left, photoOnly: 1 } };
  }
  const titled = titleOf(raw);
  const own = validTimeZone(e.timeZone) ?? 'UTC';
  const created = isoOrNull(e.creationDate);
  const modified = isoOrNull(e.modifiedDate);
  return toItem(
    {
      prompt_id: null,
      prompt_title: titled.title === null ? DAY_ONE_PROMPT : unescapeMarkdown(titled.title),
      text: unescapeMarkdown(titled.text),
      type: 'paragraph',
      categories: [],
      // Day One's star is a tag: kept, found by /past?tag=starred, exported and imported again.
      tags: e.starred === true ? [...tagList(e.tags), STARRED_TAG] : e.tags,
      answered: created && sameWallClock(created, own, timeZone),
      modified: modified && sameWallClock(modified, own, timeZone),
      shared: false,
      sharedOn: null,
      anonymous: false,
    },
    `dayone:${uuid}`,
    left,
    photos.found,
  );
}

const IMAGE = /\.(jpe?g|png|gif|heic|webp|tiff?|mov|mp4|m4a|pdf)$/i;

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
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!start.startsWith('{')) {
    throw new ZipRefused(
      'Choose a Müse or Day One export (.json or .zip) or a zip of Markdown files',
    );
  }
  const answersAt = start.search(/"answers"\s*:/);
  const entriesAt = start.search(/"entries"\s*:/);
  const dayOne = entriesAt >= 0 && (answersAt < 0 || entriesAt < answersAt);
  const key = dayOne ? 'entries' : 'answers';
  const read = dayOne ? (v: unknown) => fromDayOne(v, timeZone) : fromMuse;
  async function* items(): AsyncGenerator<ImportItem> {
    for await (const value of jsonArrayItems(fs.createReadStream(path), key)) yield read(value);
  }
  return { format: dayOne ? 'day-one' : 'muse-json', items: items(), close: () => {} };
}

/**
 * A Markdown date without a time ('2026-03-04', or a dated file name) is a day where the person
 * lives: noon of it in their zone, so it shows as that day (UTC midnight would show as the day
 * before anywhere west of Greenwich). Anything else is left to toItem.
 */
/** A journal entry's title for the day `answered` falls on in `timeZone` (null: none). */
function dayTitle(answered: string | null, timeZone: string): string | null {
  const instant = answered === null ? null : new Date(answered);
  const day = instant && !Number.isNaN(instant.getTime()) ? dayInZone(instant, timeZone) : null;
  return day ? journalTitle(day) : null;
}

function markdownDate(answered: string | null, timeZone: string): string | null {
  const day = answered === null ? null : parseDayKey(answered.trim());
  if (!day) return answered;
  return noonInZone(day, timeZone)?.toISOString() ?? answered;
}

async function openZipSource(path: string, timeZone: string): Promise<ImportSource> {
  const zip = await readZip(path);
  const names = zip.entries.map((entry) => entry.name.toLowerCase());
  const hasJson = names.some((name) => name.endsWith('.json') && !name.startsWith('__macosx/'));
  const format: ImportFormat = hasJson ? 'day-one' : 'markdown';
  // Day One keeps each photo as photos/<md5>.<type>, beside Journal.json.
  const photoFiles = new Map<string, ZipEntry>();
  for (const entry of zip.entries) {
    const match = /(?:^|\/)photos\/([^/]+)$/i.exec(entry.name);
    if (match?.[1] && !entry.name.toLowerCase().startsWith('__macosx/')) {
      photoFiles.set(match[1].toLowerCase(), entry);
    }
  }
  async function* items(): AsyncGenerator<ImportItem> {
    for (const entry of zip.entries) {
      const name = entry.name.toLowerCase();
      const base = name.split('/').pop() ?? '';
      if (name.startsWith('__macosx/') || base.startsWith('.')) continue;
      if (format === 'day-one' && name.endsWith('.json')) {
        const stream = chunksOf(await entry.open());
        for await (const value of jsonArrayItems(stream, 'entries'))
          yield fromDayOne(value, timeZone, photoFiles);
      } else if (format === 'markdown' && /\.(md|markdown|txt)$/.test(name)) {
        if (entry.size > MAX_ANSWER_TEXT * 4 + 64 * 1024) {
          yield { skip: SKIP.tooLong };
          continue;
        }
        const parts: Buffer[] = [];
        for await (const chunk of chunksOf(await entry.open())) parts.push(chunk);
        const answer = markdownToAnswer(Buffer.concat(parts).toString('utf8'), entry.name);
        // The server's placeholder for an entry it cannot read (docs/ENCRYPTION.md): no words.
        if (answer.encrypted) {
          yield { skip: SKIP.encrypted };
          continue;
        }
        const answered = markdownDate(answer.answered, timeZone);
        yield toItem(
          {
            ...answer,
            answered,
            // No title of its own: its first `# ` heading, else its day, as Müse titles a
            // journal entry (issue 35 point 4: not the file's name).
            prompt_title:
              answer.prompt_title ?? firstHeading(answer.text) ?? dayTitle(answered, timeZone),
          },
          null,
        );
      } else if (IMAGE.test(name)) {
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
