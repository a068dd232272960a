// Issue 35 point 4: Day One's text brought over as it reads, and titles from the entry itself.

/** CommonMark's ASCII punctuation: a backslash before one of these is an escape. */
const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** Escapes removed in a line outside code blocks: `\.` reads `.`, `\q` stays `\q`. */
function unescapeInline(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const char = line[i] ?? '';
    const next = line[i + 1] ?? '';
    if (char === '\\' && PUNCTUATION.has(next)) {
      // An escaped backtick is a backtick, never the start of a code span.
      out += next;
      i += 2;
    } else if (char === '`') {
      // A code span (CommonMark 6.1) keeps its backslashes: from a run of backticks to the
      // next run of the same length; a run without one is just backticks.
      let end = i;
      while (line[end] === '`') end += 1;
      const run = line.slice(i, end);
      const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
      close.lastIndex = end;
      const found = close.exec(line);
      const stop = found ? found.index + run.length : end;
      out += line.slice(i, stop);
      i = stop;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/**
 * Day One writes its text as Markdown with every punctuation character that could mean
 * something escaped ("Berlin\\. Tired but good\\."). Müse keeps plain text, so the escapes go
 * the way a CommonMark reader takes them: a backslash before ASCII punctuation is dropped, any
 * other backslash stays, and fenced code blocks and code spans are left exactly as written.
 */
export function unescapeMarkdown(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== null) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return unescapeInline(line);
    })
    .join('\n');
}

/** A title this long or shorter is a title; a longer first line is the start of the writing. */
export const SHORT_TITLE = 80;

const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/**
 * The title of an entry and the text that stays (Day One shows its first line as the title):
 * - a first line that is a heading (`# Train home`) is the title, and leaves the text, unless
 *   nothing else is written, when it stays the text too;
 * - else a first line of at most SHORT_TITLE characters, with more written after it, is the
 *   title and stays in the text (it is part of the writing);
 * - else there is no title (null): the caller's fallback names it.
 * It reads the text as written (before unescaping: `\# not a heading` is not a heading).
 */
export function titleOf(text: string): { title: string | null; text: string } {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return { title: null, text };
  const line = lines[first] ?? '';
  const heading = HEADING.exec(line);
  if (heading) {
    const title = (heading[1] ?? '').trim();
    if (title === '') return { title: null, text };
    const rest = lines
      .slice(first + 1)
      .join('\n')
      .trim();
    return { title, text: rest === '' ? title : rest };
  }
  const rest = lines.slice(first + 1).some((l) => l.trim() !== '');
  const short = line.trim();
  return { title: rest && short.length <= SHORT_TITLE ? short : null, text };
}

/** A Markdown file's first `# ` heading outside code, for a file without a title of its own. */
export function firstHeading(text: string): string | null {
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const heading = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    const title = heading?.[1]?.trim();
    if (title) return title;
  }
  return null;
}
