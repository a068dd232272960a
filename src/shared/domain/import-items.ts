import { MAX_ANSWER_TEXT, MAX_PROMPT_TITLE } from '../api/common.ts';
import {
  type ImportFormat,
  type ImportSummary,
  LEFT_KINDS,
  type LeftKind,
} from '../api/transfer.ts';
import { parseDayKey } from './calendar-day.ts';
import { journalTitle } from './date-format.ts';
import { firstHeading, titleOf, unescapeMarkdown } from './day-one-text.ts';
import { startOfHour } from './hour.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_ENTRY } from './limits.ts';
import { markdownToAnswer } from './markdown-format.ts';
import { isSealedEntry, MAX_SEALED_ENTRY } from './sealed-entry.ts';
import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags } from './tags.ts';
import { dayInZone, noonInZone } from './zoned-day.ts';

// What an import file's entries become (decision 021, issue 35 point 4): Müse's JSON export,
// Day One's Journal.json and Markdown files, each entry checked and turned into a candidate
// answer, or a reason it is skipped, or what it holds that cannot come. Pure: the server reads
// files with it (features/transfer/import-sources.ts), and so does the device of an encrypted
// journal, which reads its file without sending its words anywhere (docs/ENCRYPTION.md).

/**
 * An answer read from a file, before it belongs to anyone. `Photo` is how its reader holds a
 * photo the entry brings (the server: a file in the zip to unpack when it is stored).
 */
export type ImportCandidate<Photo = unknown> = {
  /**
   * Where it came from: 'dayone:<uuid>'; null when it is known by its date, prompt and text
   * (the server keys those by their hash, decision 021).
   */
  importKey: string | null;
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
  photos: Photo[];
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
export type ImportItem<Photo = unknown> =
  | { candidate: ImportCandidate<Photo> }
  | { skip: string }
  | { left: LeftBehind };

export const SKIP = {
  noText: 'no text',
  noDate: 'no readable date',
  tooLong: `longer than ${MAX_ANSWER_TEXT.toLocaleString('en')} characters`,
  notAnEntry: 'not an entry we can read',
  otherFile: 'files that are not Markdown or JSON',
  encrypted: 'encrypted: the server could not export its words',
} as const;

export const DAY_ONE_PROMPT = 'Day One';

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
function toItem<Photo>(
  fields: Fields,
  importKey: string | null,
  left: LeftBehind = {},
  photos: Photo[] = [],
  maxText: number = MAX_ANSWER_TEXT,
): ImportItem<Photo> {
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
      importKey,
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
function fromSealed(a: Record<string, unknown>): ImportItem<never> {
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
export function fromMuse(value: unknown): ImportItem<never> {
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

/**
 * Day One's photo files in its zip, by their name under photos/ (`<md5>.<type>`), lowercase;
 * each as its reader holds it, with its unpacked size.
 */
export type DayOnePhotoFiles<Photo extends { size: number }> = ReadonlyMap<string, Photo>;

/**
 * The entry's photos whose files are in the zip (at most MAX_PHOTOS_PER_ENTRY, none larger
 * than a photo upload may be), and how many it names that cannot come (no file: a bare
 * Journal.json; too many; too large).
 */
function dayOnePhotos<Photo extends { size: number }>(
  e: Record<string, unknown>,
  files: DayOnePhotoFiles<Photo> | null,
): { found: Photo[]; missing: number } {
  const listed = Array.isArray(e.photos) ? e.photos : [];
  const found: Photo[] = [];
  for (const photo of listed) {
    if (typeof photo !== 'object' || photo === null || found.length >= MAX_PHOTOS_PER_ENTRY)
      continue;
    const { md5, type } = photo as Record<string, unknown>;
    if (typeof md5 !== 'string' || typeof type !== 'string') continue;
    const entry = files?.get(`${md5}.${type}`.toLowerCase());
    if (entry && entry.size <= MAX_PHOTO_BYTES) found.push(entry);
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
export function fromDayOne<Photo extends { size: number } = never>(
  value: unknown,
  timeZone: string,
  photoFiles: DayOnePhotoFiles<Photo> | null = null,
): ImportItem<Photo> {
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

/** A journal entry's title for the day `answered` falls on in `timeZone` (null: none). */
function dayTitle(answered: string | null, timeZone: string): string | null {
  const instant = answered === null ? null : new Date(answered);
  const day = instant && !Number.isNaN(instant.getTime()) ? dayInZone(instant, timeZone) : null;
  return day ? journalTitle(day) : null;
}

/**
 * A Markdown date without a time ('2026-03-04', or a dated file name) is a day where the person
 * lives: noon of it in their zone, so it shows as that day (UTC midnight would show as the day
 * before anywhere west of Greenwich). Anything else is left to toItem.
 */
function markdownDate(answered: string | null, timeZone: string): string | null {
  const day = answered === null ? null : parseDayKey(answered.trim());
  if (!day) return answered;
  return noonInZone(day, timeZone)?.toISOString() ?? answered;
}

/**
 * A Markdown file of a zip (Müse's own export, or notes): its front matter and words, dated in
 * the importer's zone `timeZone` and titled by its heading or its day when it names no title.
 */
export function fromMarkdown(
  markdown: string,
  fileName: string,
  timeZone: string,
): ImportItem<never> {
  const answer = markdownToAnswer(markdown, fileName);
  // The server's placeholder for an entry it cannot read (docs/ENCRYPTION.md): no words.
  if (answer.encrypted) return { skip: SKIP.encrypted };
  const answered = markdownDate(answer.answered, timeZone);
  return toItem(
    {
      ...answer,
      answered,
      // No title of its own: its first `# ` heading, else its day, as Müse titles a journal
      // entry (issue 35 point 4: not the file's name).
      prompt_title:
        answer.prompt_title ?? firstHeading(answer.text) ?? dayTitle(answered, timeZone),
    },
    null,
  );
}

/** A zip's pictures and files that are neither Markdown nor JSON: what each of its names is. */
export const IMPORT_FILE = {
  markdown: /\.(md|markdown|txt)$/,
  image: /\.(jpe?g|png|gif|heic|webp|tiff?|mov|mp4|m4a|pdf)$/i,
} as const;

/** The largest Markdown file worth reading: past it, the entry is longer than any answer. */
export const MAX_MARKDOWN_FILE = MAX_ANSWER_TEXT * 4 + 64 * 1024;

/** Whether a zip of these file names is a Day One export (its Journal.json) or Markdown. */
export function zipFormat(names: readonly string[]): ImportFormat {
  const lower = names.map((name) => name.toLowerCase());
  return lower.some((name) => name.endsWith('.json') && !name.startsWith('__macosx/'))
    ? 'day-one'
    : 'markdown';
}

/** A zip entry the reading passes over: macOS's resource forks and hidden files. */
export function ignoredInZip(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('__macosx/') || (lower.split('/').pop() ?? '').startsWith('.');
}

/** Day One's photo file name (`<md5>.<type>`, lowercase) for a zip entry under photos/. */
export function dayOnePhotoName(name: string): string | null {
  const match = /(?:^|\/)photos\/([^/]+)$/i.exec(name);
  return match?.[1] && !name.toLowerCase().startsWith('__macosx/') ? match[1].toLowerCase() : null;
}

/**
 * What a JSON file is, from its first characters: Day One's Journal.json (its `entries`) or a
 * Müse export (its `answers`); the key its entries are under and how each is read. Null when
 * it is not a JSON object.
 */
export function jsonFormat(start: string, timeZone: string) {
  const head = start.replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('{')) return null;
  const answersAt = head.search(/"answers"\s*:/);
  const entriesAt = head.search(/"entries"\s*:/);
  const dayOne = entriesAt >= 0 && (answersAt < 0 || entriesAt < answersAt);
  return dayOne
    ? { format: 'day-one' as const, key: 'entries', read: (v: unknown) => fromDayOne(v, timeZone) }
    : { format: 'muse-json' as const, key: 'answers', read: fromMuse };
}

/** Said of a file that is none of the formats Müse reads. */
export const NOT_AN_IMPORT =
  'Choose a Müse or Day One export (.json or .zip) or a zip of Markdown files';

/**
 * What a reading counts for its preview: entries skipped, by reason; what cannot come, by kind.
 */
export function importTally() {
  const skipped = new Map<string, number>();
  const left = new Map<LeftKind, number>();
  return {
    skip(reason: string): void {
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
    },
    leave(what: LeftBehind): void {
      for (const kind of LEFT_KINDS) {
        const n = what[kind] ?? 0;
        if (n > 0) left.set(kind, (left.get(kind) ?? 0) + n);
      }
    },
    summary(
      format: ImportFormat,
      entries: number,
      from: string | null,
      to: string | null,
    ): ImportSummary {
      return {
        format,
        entries,
        from,
        to,
        skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
        notBroughtOver: LEFT_KINDS.flatMap((kind) => {
          const count = left.get(kind) ?? 0;
          return count > 0 ? [{ kind, count }] : [];
        }),
      };
    },
  };
}
