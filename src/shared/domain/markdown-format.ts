import type { Answer } from '../api/answers.ts';
import { dayKey } from './calendar-day.ts';
import { dayInZone } from './zoned-day.ts';

// The Markdown export's format (decision 021), one implementation for the server, which builds
// the zip of a plain journal, and the device, which builds it for an encrypted one.

/** The folder every file of a Markdown export is in. */
export const MARKDOWN_FOLDER = 'muse-answers';

/**
 * What the server writes for an entry encrypted on its writer's devices (docs/ENCRYPTION.md): it
 * cannot read the words, so it says where they are instead of passing ciphertext off as them.
 * Such a file says `encrypted: true` in its front matter, and an import skips it.
 */
export const ENCRYPTED_PLACEHOLDER =
  '*This entry is encrypted: only your devices can read it. Export from Müse on one of them (Profile → Your data) to get its words.*';

/**
 * One answer as a Markdown file (decision 021): YAML front matter whose values are written as
 * JSON (valid YAML flow scalars, so any YAML reader takes them and ours parses them exactly),
 * then the answer's text verbatim. Reading it back gives the same answer, so a Markdown
 * export round-trips losslessly apart from ids, likes and the profile picture.
 */
export function answerToMarkdown(answer: Answer): string {
  const fields: [string, unknown][] = [
    ['date', answer.answered],
    ['modified', answer.modified],
    ['prompt', answer.prompt_title],
    ['prompt_id', answer.prompt_id],
    ['categories', answer.categories],
    ['tags', answer.tags ?? []],
    ['type', answer.type],
    ['shared', answer.shared],
    ['shared_on', answer.sharedOn],
    ['anonymous', answer.anonymous],
  ];
  if (answer.encrypted) fields.push(['encrypted', true]);
  const lines = fields.map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  const body = answer.encrypted ? ENCRYPTED_PLACEHOLDER : answer.text;
  return `---\n${lines.join('\n')}\n---\n${body}\n`;
}

/**
 * A file name that sorts by date and says what the answer was about; the date is the day it
 * was written where the person lives (an answer at 08:00 in Kiritimati is the UTC day before).
 */
export function markdownFileName(answer: Answer, used: Set<string>, timeZone: string): string {
  const written = dayInZone(new Date(answer.answered), timeZone);
  const day = written ? dayKey(written) : 'undated';
  const slug =
    answer.prompt_title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'answer';
  let name = `${day}-${slug}.md`;
  for (let n = 2; used.has(name); n++) name = `${day}-${slug}-${n}.md`;
  used.add(name);
  return name;
}

/** One answer's file in a Markdown export, and where its photos go beside it. */
export type MarkdownExportFile = { name: string; markdown: string; photoNames: string[] };

/**
 * The files of a Markdown export (decision 021), in the answers' order: `photoCount` says how
 * many photos each entry has (decision 062); they go under photos/, named after its file, and
 * its Markdown ends with an image link to each, so any Markdown reader shows them in place.
 * Names are relative to MARKDOWN_FOLDER.
 */
export function markdownExportFiles(
  answers: readonly Answer[],
  timeZone: string,
  photoCount: (answerId: string) => number = () => 0,
): MarkdownExportFile[] {
  const used = new Set<string>();
  return answers.map((answer) => {
    const name = markdownFileName(answer, used, timeZone);
    const photoNames = Array.from(
      { length: photoCount(answer._id) },
      (_, index) => `photos/${name.slice(0, -3)}-${index + 1}.webp`,
    );
    const links = photoNames.map((file, index) => `![Photo ${index + 1}](${file})`).join('\n\n');
    return { name, markdown: answerToMarkdown(answer) + (links ? `\n${links}\n` : ''), photoNames };
  });
}

export type MarkdownAnswer = {
  answered: string | null;
  modified: string | null;
  prompt_title: string | null;
  prompt_id: string | null;
  categories: string[];
  tags: string[];
  type: string | null;
  shared: boolean;
  sharedOn: string | null;
  anonymous: boolean;
  /** A placeholder for an encrypted entry (ENCRYPTED_PLACEHOLDER), not words. */
  encrypted: boolean;
  text: string;
};

function parseValue(raw: string): unknown {
  const value = raw.trim();
  try {
    return JSON.parse(value) as unknown;
  } catch {
    // Plain YAML scalars from other tools: unquoted text, 'single quoted', [a, b] lists.
    if (/^'.*'$/.test(value)) return value.slice(1, -1).replaceAll("''", "'");
    if (/^\[.*\]$/.test(value)) {
      return value
        .slice(1, -1)
        .split(',')
        .map((part) => part.trim().replace(/^["']|["']$/g, ''))
        .filter((part) => part !== '');
    }
    if (value === 'true' || value === 'false') return value === 'true';
    return value;
  }
}

const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : null;

/**
 * Reads a Markdown file: front matter (if any) and the text after it. The date comes from the
 * front matter's `date`, or from a file name starting with YYYY-MM-DD; the prompt from
 * `prompt` or `title`. Without front matter the whole file is the text.
 */
export function markdownToAnswer(content: string, fileName: string): MarkdownAnswer {
  const text = content.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
  const fields = new Map<string, unknown>();
  let body = text;
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (match) {
    body = text.slice(match[0].length);
    let listKey: string | null = null;
    for (const line of (match[1] ?? '').split('\n')) {
      const item = /^\s+-\s+(.*)$/.exec(line);
      if (item && listKey) {
        const list = fields.get(listKey);
        if (Array.isArray(list)) list.push(parseValue(item[1] ?? ''));
        continue;
      }
      const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
      if (!pair) continue;
      const [, key = '', value = ''] = pair;
      listKey = value.trim() === '' ? key : null;
      fields.set(key, value.trim() === '' ? [] : parseValue(value));
    }
  }
  if (body.endsWith('\n')) body = body.slice(0, -1);
  const base = fileName.split('/').pop() ?? fileName;
  const dated = /^(\d{4}-\d{2}-\d{2})/.exec(base)?.[1] ?? null;
  const categories = fields.get('categories');
  const tags = fields.get('tags');
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  return {
    answered: str(fields.get('date')) ?? dated,
    modified: str(fields.get('modified')),
    prompt_title: str(fields.get('prompt')) ?? str(fields.get('title')),
    prompt_id: str(fields.get('prompt_id')),
    categories: strings(categories),
    // Other tools' `tags: [a, b]` (or a list under `tags:`) are tags here too.
    tags: strings(tags),
    type: str(fields.get('type')),
    shared: fields.get('shared') === true,
    sharedOn: str(fields.get('shared_on')),
    anonymous: fields.get('anonymous') === true,
    encrypted: fields.get('encrypted') === true,
    text: body,
  };
}
