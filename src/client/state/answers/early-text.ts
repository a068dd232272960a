import { dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { capitaliseFirst } from '#shared/domain/capitalise.ts';
import { keepsWords, keptWords, onSealingChange, wordsToKeep } from '../store/local-words.ts';
import { onReset } from '../store/module-state.ts';

// Issue 35 point 1: what is typed into /answer/today's box before the editor is ready. The page
// arrives with the box prerendered (screens/answer/today-frame.tsx) seconds before a slow phone
// has run the app; the box takes input from the first moment, and this module keeps that input
// — its text, caret and focus — until the editor takes it over (screens/answer/
// use-early-text.ts). It listens on the document, so the same code follows the prerendered box
// (plain HTML, no React yet), the frame's box and the editor's box while it waits for its
// answer: each carries EARLY_ATTR. Nothing of anyone's is ever put in the shared prerendered
// page: the text lives here, in this tab, and — when the tab goes away before the hand-over (a
// locked journal, a slow start) — in this device's storage under EARLY_KEY, for today only.

/** Marks a box whose input is caught here rather than by the editor. */
export const EARLY_ATTR = 'data-early-text';
/** Where text typed before the hand-over waits when the tab goes away first (one day's). */
export const EARLY_KEY = 'muse-early-text';
keepsWords(EARLY_KEY);
// Kept sealed by an encrypted account: read once start-up or the unlock opens the key.
onSealingChange(() => {
  if (!watching || early?.kept) return;
  const kept = readKept();
  if (kept) current().kept = kept;
});

export type EarlyText = {
  /** Typed on an earlier visit today and not handed over then. */
  kept: string;
  /** Typed on this page so far, with its selection. */
  text: string;
  start: number;
  end: number;
  /** The box had focus when it was last seen: the editor takes it. */
  focused: boolean;
};

let early: EarlyText | null = null;
let watching = false;

onReset(() => {
  early = null;
  watching = false;
  if (typeof document === 'undefined') return;
  document.removeEventListener('input', onInput, true);
  document.removeEventListener('selectionchange', onSelection);
  document.removeEventListener('focusin', onFocusIn, true);
  document.removeEventListener('focusout', onFocusOut, true);
  window.removeEventListener('pagehide', keepOnPageHide);
});

function isEarlyBox(node: unknown): node is HTMLTextAreaElement {
  return node instanceof HTMLTextAreaElement && node.hasAttribute(EARLY_ATTR);
}

function current(): EarlyText {
  early ??= { kept: '', text: '', start: 0, end: 0, focused: false };
  return early;
}

function note(box: HTMLTextAreaElement): void {
  const e = current();
  e.text = box.value;
  e.start = box.selectionStart;
  e.end = box.selectionEnd;
}

function onInput(event: Event): void {
  const box = event.target;
  if (!isEarlyBox(box)) return;
  // SPEC §5: the first letter is capitalised as typed (never changes the length).
  const fixed = capitaliseFirst(box.value);
  if (fixed !== box.value) {
    const { selectionStart, selectionEnd } = box;
    box.value = fixed;
    box.setSelectionRange(selectionStart, selectionEnd);
  }
  note(box);
  current().focused = document.activeElement === box;
}

function onSelection(): void {
  const box = document.activeElement;
  if (isEarlyBox(box)) note(box);
}

function onFocusIn(event: Event): void {
  if (isEarlyBox(event.target)) current().focused = true;
}

function onFocusOut(event: FocusEvent): void {
  const box = event.target;
  if (!isEarlyBox(box) || !early) return;
  if (event.relatedTarget !== null) {
    early.focused = false;
    return;
  }
  // Focus went nowhere: a tap beside the box — or the box was replaced by the app's next render,
  // which is no reason to drop the focus the person gave it. Told apart once the render is done.
  setTimeout(() => {
    if (early && box.isConnected && document.activeElement !== box) early.focused = false;
  });
}

function keepOnPageHide(): void {
  if (!early) return;
  const text = joinText(early.kept, early.text);
  try {
    if (text.trim() === '') {
      localStorage.removeItem(EARLY_KEY);
      return;
    }
    // Sealed for an encrypted account; not kept while its journal is locked (local-words.ts).
    const kept = wordsToKeep(JSON.stringify({ day: today(), text }));
    if (kept !== null) localStorage.setItem(EARLY_KEY, kept);
  } catch {
    // No storage: nothing more can be kept.
  }
}

function today(): string {
  return dayKey(todayOf(new Date()));
}

function readKept(): string {
  try {
    const raw = localStorage.getItem(EARLY_KEY);
    // Sealed, and the journal's key is not here yet: read once it is (watchEarlyTyping).
    const words = raw ? keptWords(raw) : null;
    if (raw && words === null) return '';
    const kept = words ? (JSON.parse(words) as { day?: unknown; text?: unknown }) : null;
    if (kept?.day === today() && typeof kept.text === 'string') return kept.text;
    if (raw) localStorage.removeItem(EARLY_KEY);
  } catch {
    // A broken value is nothing kept.
  }
  return '';
}

/**
 * Starts catching early input: called first thing by main.tsx, so what was typed into the
 * prerendered box before any script ran is picked up too.
 */
export function watchEarlyTyping(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  const kept = readKept();
  const box = document.querySelector(`textarea[${EARLY_ATTR}]`);
  if (kept) current().kept = kept;
  if (isEarlyBox(box)) {
    note(box);
    current().focused = document.activeElement === box;
  }
  document.addEventListener('input', onInput, true);
  document.addEventListener('selectionchange', onSelection);
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
  window.addEventListener('pagehide', keepOnPageHide);
}

/** Something was typed early, or the early box had focus: an editor should take it over. */
export function earlyTextPending(): boolean {
  return early !== null && (early.focused || joinText(early.kept, early.text) !== '');
}

/** The early text as typed so far, as a box waiting for the editor shows it. */
export function earlyText(): EarlyText | null {
  return early;
}

/** Puts the early text, caret and focus into `box` (a new box that goes on catching it). */
export function showEarlyText(box: HTMLTextAreaElement): void {
  if (!early) return;
  box.value = early.text;
  box.setSelectionRange(early.start, early.end);
  if (early.focused) box.focus({ preventScroll: true });
}

/** Hands the early text over once: from here on the editor has it, and nothing is caught. */
export function takeEarlyText(): EarlyText | null {
  const taken = early;
  early = null;
  try {
    localStorage.removeItem(EARLY_KEY);
  } catch {
    // Nothing was kept, then.
  }
  return taken;
}

/** Text kept from before and text typed now, as one entry (a blank line between them). */
export function joinText(before: string, after: string): string {
  const head = before.replace(/\s+$/, '');
  if (head === '') return after;
  if (after.trim() === '') return before;
  return `${head}\n\n${after}`;
}
