// Pure shaping of what the home page fetches. The API may still be half-built or answer with
// something unexpected, so everything here tolerates any input and says "nothing" rather than
// throwing: the page then shows its fallback.

/** SPEC §9: the home page shows 3 shared answers. */
export const HOME_SHARED_COUNT = 3;
const EXCERPT_LENGTH = 280;

export type SharedPreview = { id: string; promptTitle: string; text: string; author: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The title of prompt `promptId` in a `{ prompts }` response, or null when it isn't there. */
export function findPromptTitle(data: unknown, promptId: unknown): string | null {
  if (typeof promptId !== 'string' || !isRecord(data) || !Array.isArray(data.prompts)) return null;
  const prompt = data.prompts.find((p: unknown) => isRecord(p) && p._id === promptId);
  const title = isRecord(prompt) && typeof prompt.title === 'string' ? prompt.title.trim() : '';
  return title || null;
}

/** Anonymous answers never show a name, even if one were sent by mistake. */
export function authorLabel(answer: { anonymous?: unknown; user_name?: unknown }): string {
  if (answer.anonymous === true) return 'Anonymous';
  const name = typeof answer.user_name === 'string' ? answer.user_name.trim() : '';
  return name || 'Anonymous';
}

/**
 * At most `maxLength` characters, cut at a word boundary, with an ellipsis when cut. Line breaks
 * stay (the card renders the words' Markdown: a list stays a list); blank lines run together
 * into one, and spaces within a line into one.
 */
export function excerpt(text: string, maxLength = EXCERPT_LENGTH): string {
  const clean = text
    .trim()
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  if (clean.length <= maxLength) return clean;
  const cut = clean.slice(0, maxLength);
  const lastSpace = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'));
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The first `count` well-formed answers of a `{ sharedAnswers }` response; null when the
 * response itself is malformed (so the page can tell "none shared" from "couldn't load").
 */
export function toSharedPreviews(data: unknown, count = HOME_SHARED_COUNT): SharedPreview[] | null {
  if (!isRecord(data) || !Array.isArray(data.sharedAnswers)) return null;
  const previews: SharedPreview[] = [];
  for (const answer of data.sharedAnswers) {
    if (previews.length >= count) break;
    if (!isRecord(answer) || typeof answer._id !== 'string' || typeof answer.text !== 'string') {
      continue;
    }
    const text = excerpt(answer.text);
    if (!text) continue;
    previews.push({
      id: answer._id,
      promptTitle: typeof answer.prompt_title === 'string' ? answer.prompt_title.trim() : '',
      text,
      author: authorLabel(answer),
    });
  }
  return previews;
}
