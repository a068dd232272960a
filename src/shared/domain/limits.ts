// Every numeric limit the server enforces and the client shows or pre-checks, in one place
// (issue 16). Zod-free on purpose: the client imports it without bundling the schemas, so
// no constant is repeated on the client side any more (this replaces decision 008's copies).

/** An answer's text, in characters. */
export const MAX_ANSWER_TEXT = 50_000;
/** A prompt's title (and an answer's copy of it), in characters. */
export const MAX_PROMPT_TITLE = 500;
/** A user name, a category name, an admin name, in characters. */
export const MAX_NAME = 40;
/** Passwords are at least this long. */
export const MIN_PASSWORD_LENGTH = 8;
/** SPEC §9: the world feed is paged 10 at a time. */
export const WORLD_PAGE_SIZE = 10;
/** The highest world page anyone may ask for. */
export const MAX_WORLD_PAGE = 100_000;
/** The admin lists (people, answers, the audit log) are paged 50 at a time. */
export const ADMIN_PAGE_SIZE = 50;
/** The largest profile picture upload (100 MiB), before it is scaled down. */
export const MAX_PICTURE_BYTES = 104_857_600;
/** The largest file an import accepts (a zip or a JSON file). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
/** The most entries one import file may hold (a journal kept daily for over 13 years). */
export const MAX_IMPORT_ENTRIES = 5_000;
/** The largest photo an entry takes (40 MiB), before it is scaled down (decision 062). */
export const MAX_PHOTO_BYTES = 40 * 1024 * 1024;
/** The most photos one entry holds. */
export const MAX_PHOTOS_PER_ENTRY = 10;
/** A kept photo's longest side, in pixels: enough for any screen, small enough to keep. */
export const PHOTO_LONGEST_SIDE = 2048;
