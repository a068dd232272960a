import { fetchAnswer } from '#client/api/answers.ts';
import { ApiError } from '#client/api/call.ts';
import type { Answer } from '#shared/api/answers.ts';
import { countWords } from '#shared/domain/score.ts';
import { streakMoment } from '#shared/domain/streak.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { onPageHide } from '../page-lifecycle.ts';
import { appStore, getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { showStatus } from '../store/status.ts';
import { whenIdle } from '../when-idle.ts';
import { isUnreadable, JournalLockedError, openAnswer } from './answer-codec.ts';
import { addConflict, conflictFor, removeConflict } from './answer-conflicts.ts';
import { clearDraft, flushDraft, scheduleDraft } from './answer-drafts.ts';
import {
  editorView,
  initialView,
  pendingLocal,
  setView,
  takeServerAnswer,
} from './answer-sync-store.ts';
import { joinBoth, mergeRule } from './answer-versions.ts';
import { latestOwnRevision } from './own-revisions.ts';
import {
  answerIdsInFlight,
  recordStreakDay,
  type SaveOutcome,
  saveAnswerAndSend,
} from './writes.ts';

// The answer open in the editor, kept in step with the server (decision 013):
// - the text lives HERE while the person types, not in the app store: a keystroke changes a
//   string and resets two timers, so a 5,000-word entry types without re-rendering the app or
//   re-serialising reflect-state. It reaches the store (and the server) when it is saved;
// - saved as they write: 2.5 s after they pause, when the page is hidden, when they leave —
//   and ONLY when they typed in this session, so opening and leaving writes nothing;
// - the draft is also kept under its own localStorage key (answer-drafts.ts) 600 ms after a
//   pause, so closing the tab mid-sentence loses nothing on this device;
// - opening fetches the answer fresh: the server's latest text is shown, never a stale copy,
//   and a draft or offline save left on this device meets it through the merge rule; so does
//   coming back to the tab, when nothing was typed since the last save.

/** SPEC-free choice: the pause after which typed text is saved. */
export const AUTOSAVE_MS = 2500;
/** How long opening waits for the server's latest text before using this device's copy. */
const FRESH_TIMEOUT_MS = 5000;
const WORDS_MS = 400;
/**
 * From this length the textarea has a fixed height and scrolls: sizing it to its content
 * lays out the whole text on every keystroke, which a 5,000-word entry feels (bench:client).
 */
export const LONG_TEXT = 2000;

type Session = {
  answerId: string;
  text: string;
  /** The server version `text` was written from. */
  base: { revision?: number; text: string };
  /** Typed since the last save. */
  dirty: boolean;
  /** When this editing began: the streak counts a late save for that night (decision 058). */
  opened: Date;
  /** Saved quietly (autosave) since 'Answer saved' last showed. */
  unconfirmed: boolean;
  timers: {
    save?: ReturnType<typeof setTimeout>;
    words?: ReturnType<typeof setTimeout>;
    cancelCount?: () => void;
  };
  stop: Array<() => void>;
};

let session: Session | null = null;

// An editor left open ends without saving: a test's next one starts with no session at all.
onReset(() => {
  const s = session;
  session = null;
  if (s) {
    clearTimeout(s.timers.save);
    stopCounting(s);
    for (const stop of s.stop) stop();
  }
});

/** The editor's text now (the textarea's, once the person has typed). */
export function editorText(): string {
  return session?.text ?? '';
}

function currentAnswer(answerId: string): Answer | null {
  const state = getState();
  if (state.answer?._id === answerId) return state.answer;
  return state.answers.find((a) => a._id === answerId) ?? null;
}

function replaceText(s: Session, text: string): void {
  s.text = text;
  const view = editorView.getState();
  setView({
    version: view.version + 1,
    hasText: text.trim() !== '',
    long: text.length > LONG_TEXT,
    words: countWords(text),
  });
}

function track(s: Session, sent: Promise<SaveOutcome>, text: string): void {
  void sent.then((outcome) => {
    if (session !== s) return;
    if (outcome === 'saved') {
      s.base = { revision: latestOwnRevision(s.answerId, s.base.revision), text };
      if (!s.dirty) {
        clearDraft(s.answerId);
        setView({ status: 'saved' });
      }
      return;
    }
    if (!s.dirty) setView({ status: outcome });
  });
}

/**
 * Saves what the person typed in this session, if anything (SPEC §4: only if text changed).
 * 'Answer saved' shows unless `quiet` (autosave); an autosave is confirmed by the next call
 * that is not quiet (Next, Done, leaving), once. Returns whether anything was sent now.
 */
export function saveEditorDraft(options: { onUnload?: boolean; quiet?: boolean } = {}): boolean {
  const s = session;
  if (!s) return false;
  clearTimeout(s.timers.save);
  const confirm = () => {
    if (options.quiet || !s.unconfirmed) return;
    s.unconfirmed = false;
    showStatus(MESSAGES.answerSaved);
  };
  const answer = currentAnswer(s.answerId);
  // A new answer of only spaces or line breaks is not worth an entry in the journal.
  const blankNew = s.base.revision === undefined && s.text.trim() === '';
  if (!s.dirty || !answer || blankNew || conflictFor(s.answerId)) {
    confirm();
    return false;
  }
  flushDraft();
  s.dirty = false;
  s.unconfirmed = true;
  const { saved, sent } = saveAnswerAndSend(
    { ...answer, text: s.text, revision: s.base.revision },
    { onUnload: options.onUnload, baseText: s.base.text },
  );
  setState((state) => (state.answer?._id === saved._id ? { answer: saved } : {}));
  if (saved.text.trim() !== '') void recordStreakDay(streakMoment(s.opened, new Date()));
  setView({ status: 'saving' });
  track(s, sent, saved.text);
  confirm();
  return true;
}

/** The textarea's input: kept here, the draft kept on this device, a save scheduled. */
export function typed(text: string): void {
  const s = session;
  if (!s) return;
  s.text = text;
  s.dirty = true;
  scheduleDraft({ answerId: s.answerId, text, base: s.base });
  clearTimeout(s.timers.save);
  s.timers.save = setTimeout(() => saveEditorDraft({ quiet: true }), AUTOSAVE_MS);
  // Counted once they pause, when the thread is idle: a recount (and render) per keystroke is
  // felt in long entries.
  stopCounting(s);
  s.timers.words = setTimeout(() => {
    s.timers.cancelCount = whenIdle(() => {
      if (session === s) setView({ words: countWords(s.text) });
    });
  }, WORDS_MS);
  setView({
    hasText: text.trim() !== '',
    long: text.length > LONG_TEXT,
    status: 'pending',
    edited: true,
  });
}

/**
 * The entry's tags changed (issue 35 point 3): kept on the current answer and saved with it at
 * once, as a pause in typing would. A new entry with no text yet keeps them until it has some.
 */
export function retagged(tags: string[]): void {
  const s = session;
  if (!s) return;
  setState((state) =>
    state.answer?._id === s.answerId ? { answer: { ...state.answer, tags } } : {},
  );
  s.dirty = true;
  clearTimeout(s.timers.save);
  s.timers.save = setTimeout(() => saveEditorDraft({ quiet: true }), 0);
  setView({ status: 'pending', edited: true });
}

/** Fetches the answer fresh and decides which text the editor shows (decision 013). */
async function openFresh(s: Session, local: Answer): Promise<void> {
  const pending = pendingLocal(s.answerId);
  const asked = s.base;
  const known = local.revision !== undefined || getState().answers.some((a) => a._id === local._id);
  let server: Answer | null = null;
  if (known && !answerIdsInFlight().has(local._id)) {
    try {
      const signal = AbortSignal.timeout(FRESH_TIMEOUT_MS);
      server = await openAnswer((await fetchAnswer(local._id, { signal })).answer);
    } catch (error) {
      // 404: not on the server (yet); anything else: offline, or a journal locked on this
      // device. This device's copy it is.
      const expected = [ApiError, DOMException, JournalLockedError];
      if (!expected.some((kind) => error instanceof kind) && !isUnreadable(error)) throw error;
    }
  }
  // Chosen in the conflict dialog meanwhile (a waiting conflict shows before this answers): the
  // choice is the text now, and the draft this began from is gone with it.
  if (session !== s || s.base !== asked) return;
  if (!server) {
    s.base = { revision: local.revision, text: local.text };
    if (pending) {
      s.base = { revision: pending.base.revision, text: pending.base.text ?? local.text };
      s.dirty = pending.draft;
    }
    replaceText(s, pending?.text ?? local.text);
    setView({ ready: true, status: pending && !pending.draft ? 'offline' : 'idle' });
    // A draft the server never got: saved now (to the offline record, if still offline).
    if (s.dirty) s.timers.save = setTimeout(() => saveEditorDraft({ quiet: true }), 0);
    return;
  }
  takeServerAnswer(server);
  s.base = { revision: server.revision, text: server.text };
  const outcome = pending ? mergeRule(pending.base, pending.text, server) : 'server';
  if (pending && outcome === 'local') {
    replaceText(s, pending.text);
    s.dirty = true;
    setView({ ready: true, status: 'pending', edited: true });
    s.timers.save = setTimeout(() => saveEditorDraft({ quiet: true }), 0);
    return;
  }
  if (pending && outcome === 'conflict') {
    addConflict({
      mine: { ...local, text: pending.text, revision: pending.base.revision },
      theirs: server,
      baseText: pending.base.text,
    });
  }
  clearDraft(s.answerId);
  replaceText(s, server.text);
  setView({ ready: true, status: outcome === 'conflict' ? 'conflict' : 'idle' });
}

/**
 * The tab is seen again (the person comes back from another device): an editor they have not
 * typed in since its last save takes the server's latest text, so a stale page never sits in
 * front of them. With unsaved typing it stays as it is; its save meets the merge rule.
 */
async function refreshIfUntouched(s: Session): Promise<void> {
  if (s.dirty || !editorView.getState().ready || answerIdsInFlight().has(s.answerId)) return;
  let server: Answer;
  try {
    const signal = AbortSignal.timeout(FRESH_TIMEOUT_MS);
    server = await openAnswer((await fetchAnswer(s.answerId, { signal })).answer);
  } catch {
    return; // offline, or not on the server: nothing newer to show
  }
  if (session !== s || s.dirty || server.text === s.text || conflictFor(s.answerId)) return;
  takeServerAnswer(server);
  s.base = { revision: server.revision, text: server.text };
  clearDraft(s.answerId);
  replaceText(s, server.text);
  setView({ status: 'idle' });
}

/**
 * Starts editing `answer` (the current answer): shows this device's text at once, read-only
 * until the server's latest arrives. Returns the function that ends the session, saving what
 * was typed.
 */
export function openEditor(answer: Answer): () => void {
  closeEditor();
  const s: Session = {
    answerId: answer._id,
    text: answer.text,
    base: { revision: answer.revision, text: answer.text },
    dirty: false,
    opened: new Date(),
    unconfirmed: false,
    timers: {},
    stop: [],
  };
  session = s;
  const pending = pendingLocal(answer._id);
  editorView.setState({
    ...initialView,
    answerId: answer._id,
    status: 'loading',
    ready: false,
    version: editorView.getState().version + 1,
  });
  replaceText(s, pending?.text ?? answer.text);
  s.stop.push(onPageHide(() => saveEditorDraft({ onUnload: true, quiet: true })));
  // An offline save that the sync has since delivered is saved.
  s.stop.push(
    appStore.subscribe((state) => {
      if (editorView.getState().status !== 'offline' || session !== s) return;
      if (!state.offline.answered.some((a) => a._id === s.answerId)) setView({ status: 'saved' });
    }),
  );
  const onVisible = () => {
    if (document.visibilityState === 'visible' && session === s) void refreshIfUntouched(s);
  };
  document.addEventListener('visibilitychange', onVisible);
  s.stop.push(() => document.removeEventListener('visibilitychange', onVisible));
  openFresh(s, answer).catch((error: unknown) => {
    console.warn('Müse could not open the latest version of this answer', error);
    if (session === s) setView({ ready: true, status: 'idle' });
  });
  return () => {
    if (session === s) closeEditor();
  };
}

function stopCounting(s: Session): void {
  clearTimeout(s.timers.words);
  s.timers.cancelCount?.();
  s.timers.cancelCount = undefined;
}

function closeEditor(): void {
  const s = session;
  if (!s) return;
  saveEditorDraft({ quiet: true });
  flushDraft();
  clearTimeout(s.timers.save);
  stopCounting(s);
  for (const stop of s.stop) stop();
  session = null;
  // The version only ever grows: a next editor whose text box mounted while this one was open
  // must see a new version, or it keeps this one's text (an editor opened from another).
  editorView.setState({ ...initialView, version: editorView.getState().version });
}

export type ConflictChoice = 'mine' | 'theirs' | 'both';

/**
 * The person's choice in the conflict dialog: saved from the server's current revision. Never
 * while the passcode lock is on (issue 34 point 4): the dialog is not mounted then, and a choice
 * that reached here anyway waits for the person who unlocks.
 */
export function resolveConflict(answerId: string, choice: ConflictChoice): void {
  const conflict = conflictFor(answerId);
  if (!conflict || getState().locked) return;
  const { mine, theirs, baseText } = conflict;
  const text =
    choice === 'mine'
      ? mine.text
      : choice === 'theirs'
        ? theirs.text
        : joinBoth(baseText, mine.text, theirs.text);
  removeConflict(answerId);
  clearDraft(answerId);
  const s = session?.answerId === answerId ? session : null;
  if (s) {
    s.dirty = false;
    s.base = { revision: theirs.revision, text: theirs.text };
    replaceText(s, text);
    setView({ ready: true, status: 'saved' });
  }
  if (text === theirs.text) {
    takeServerAnswer(theirs);
    return;
  }
  const from = currentAnswer(answerId) ?? theirs;
  const { saved, sent } = saveAnswerAndSend(
    { ...from, text, revision: theirs.revision },
    { baseText: theirs.text },
  );
  setState((state) => (state.answer?._id === answerId ? { answer: saved } : {}));
  if (s) {
    setView({ status: 'saving' });
    track(s, sent, text);
  }
}
