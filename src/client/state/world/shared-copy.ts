import { isUnauthorized } from '#client/api/call.ts';
import { postSharedCopy } from '#client/api/world.ts';
import { isTooFast } from '../answers/write-pressure.ts';
import { enqueue } from '../answers/writes.ts';
import { reportSessionLost } from '../session-lost.ts';
import { appStore, getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { showStatus } from '../store/status.ts';
import { createStore } from '../store/store.ts';
import { takeSharing, unshareAnswer, WORLD_CALL_FAILED, WORLD_TOO_FAST } from './world-actions.ts';

// Decision 015: editing a shared answer never changes what the world sees by itself. An editing
// session that changed it asks "Update the shared copy too?" once, when the person is done with
// it — Save, Done, or leaving the entry any other way (issue 35 point 4: never while they type) —
// after their words are saved privately; the answer holds for the rest of that session:
// - 'update': every save of the answer also sends its text as the world's copy;
// - 'keep':   saves stay private, the world keeps its copy;
// - unsharing is the third choice, carried out by the world's unshare call.
// A session begins when the editor opens the answer and ends when it opens it again. A tab
// closed with the question unasked keeps the world's copy: the private edit is saved as the page
// goes (answer-sync.ts), the world changes only by a choice, and the badge says so next time.

export type SharedEditChoice = 'ask' | 'update' | 'keep';

type Session = { choice: SharedEditChoice; published: string | null };

const sessions = new Map<string, Session>();
let following: (() => void) | null = null;

export type WorldCopyQuestionState = {
  /** The question waiting for an answer, shown by the app wherever the person is. */
  asking: { answerId: string; anonymous: boolean; title: string } | null;
  /** Choices made so far: the badge that says where the changes go follows them. */
  choices: number;
};

export const worldCopyQuestion = createStore<WorldCopyQuestionState>({ asking: null, choices: 0 });

onReset(() => {
  sessions.clear();
  following?.();
  following = null;
  worldCopyQuestion.setState({ asking: null, choices: 0 });
});

function chosen(): void {
  worldCopyQuestion.setState((q) => ({ choices: q.choices + 1 }));
}

/** The editor opened `answerId`: a new editing session, which will ask again. */
export function beginSharedEdit(answerId: string): void {
  sessions.set(answerId, { choice: 'ask', published: null });
  follow();
  chosen();
}

/**
 * The person is done with an editing session of `answerId` that changed its text (saved by now):
 * if it is shared, its session has not chosen yet and its text is not the world's, ask once.
 */
export function askAboutWorldCopy(answerId: string): void {
  if (sharedEditChoice(answerId) !== 'ask') return;
  const saved = getState().answers.find((a) => a._id === answerId);
  if (!saved?.shared || saved.text === saved.sharedText) return;
  worldCopyQuestion.setState({
    asking: { answerId, anonymous: saved.anonymous, title: saved.prompt_title },
  });
}

export type WorldCopyChoice = 'update' | 'keep' | 'unshare';

/** The answer to the question. Closing it without a choice keeps the world's copy. */
export async function answerWorldCopyQuestion(choice: WorldCopyChoice): Promise<void> {
  const asking = worldCopyQuestion.getState().asking;
  if (!asking) return;
  worldCopyQuestion.setState({ asking: null });
  const { answerId } = asking;
  if (choice === 'update') {
    await updateWorldCopy(answerId);
    return;
  }
  // Private from here on (while an unshare is on its way too): never asked again this session.
  keepWorldCopy(answerId);
  if (choice === 'unshare') {
    if (await unshareAnswer(answerId)) showStatus('Answer unshared');
    else showStatus(WORLD_CALL_FAILED, true);
  }
}

export function sharedEditChoice(answerId: string): SharedEditChoice {
  return sessions.get(answerId)?.choice ?? 'ask';
}

/** "Keep the world's copy": this session's saves stay private. */
export function keepWorldCopy(answerId: string): void {
  sessions.set(answerId, { choice: 'keep', published: null });
  chosen();
}

/**
 * "Update": the world's copy becomes the answer as last saved, if that differs from it, and
 * every later save in this session is sent too (the text being typed is saved as usual: on
 * pause, Save, leaving). False when the world's copy could not be updated.
 */
export async function updateWorldCopy(answerId: string): Promise<boolean> {
  const saved = getState().answers.find((a) => a._id === answerId);
  const world = saved?.sharedText;
  sessions.set(answerId, { choice: 'update', published: world ?? null });
  follow();
  chosen();
  if (!saved?.shared) return false;
  if (world != null && world === saved.text) return true;
  return publish(answerId, saved.text);
}

/** Sends `text` as the world's copy of `answerId`, after every earlier write. */
async function publish(answerId: string, text: string): Promise<boolean> {
  const session = sessions.get(answerId);
  if (!session || text.trim() === '') return false;
  // Marked at once, so the same text is not sent twice while this one is on its way.
  const before = session.published;
  session.published = text;
  try {
    const { answer } = await enqueue(() => postSharedCopy(answerId, text));
    takeSharing(answer);
    replaceFeedText(answerId, text);
    return true;
  } catch (error) {
    if (isUnauthorized(error)) reportSessionLost();
    if (sessions.get(answerId) === session && session.published === text) {
      session.published = before;
    }
    // The write limits (429): said calmly; the next save of this session sends the copy again.
    if (isTooFast(error)) showStatus(WORLD_TOO_FAST);
    else showStatus(WORLD_CALL_FAILED, true);
    return false;
  }
}

/** The feed on this device shows the new copy too. */
function replaceFeedText(answerId: string, text: string): void {
  setState((s) => ({
    world: {
      ...s.world,
      sharedAnswers: s.world.sharedAnswers.map((a) => (a._id === answerId ? { ...a, text } : a)),
    },
  }));
}

/** Watches saves: a saved text of an answer whose session chose 'update' goes to the world. */
function follow(): void {
  if (following) return;
  following = appStore.subscribe((state, previous) => {
    if (state.answers === previous.answers) return;
    for (const [answerId, session] of sessions) {
      if (session.choice !== 'update') continue;
      const saved = state.answers.find((a) => a._id === answerId);
      if (!saved?.shared || saved.text === session.published) continue;
      if (saved.text === previous.answers.find((a) => a._id === answerId)?.text) continue;
      // After the save's own call is queued, so the server gets the save first.
      const text = saved.text;
      queueMicrotask(() => void publish(answerId, text));
    }
  });
}

/** For tests: forget every session. */
export function resetSharedEdits(): void {
  sessions.clear();
  worldCopyQuestion.setState({ asking: null });
  following?.();
  following = null;
}
