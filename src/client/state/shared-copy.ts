import { isUnauthorized } from '../api/call.ts';
import { postSharedCopy } from '../api/world.ts';
import { appStore, getState, setState } from './app-store.ts';
import { reportSessionLost } from './session-lost.ts';
import { showStatus } from './status.ts';
import { takeSharing, WORLD_CALL_FAILED, WORLD_TOO_FAST } from './world-actions.ts';
import { isTooFast } from './write-pressure.ts';
import { enqueue } from './writes.ts';

// Decision 015: editing a shared answer never changes what the world sees by itself. The first
// edit of an editing session asks "Update the shared copy too?"; the answer holds for the rest
// of that session, including the save on the way out:
// - 'update': every save of the answer also sends its text as the world's copy;
// - 'keep':   saves stay private, the world keeps its copy;
// - unsharing is the third choice, carried out by the world's unshare call.
// A session begins when the editor opens the answer and ends when it opens it again.

export type SharedEditChoice = 'ask' | 'update' | 'keep';

type Session = { choice: SharedEditChoice; published: string | null };

const sessions = new Map<string, Session>();
let following: (() => void) | null = null;

/** The editor opened `answerId`: a new editing session, which will ask again. */
export function beginSharedEdit(answerId: string): void {
  sessions.set(answerId, { choice: 'ask', published: null });
  follow();
}

export function sharedEditChoice(answerId: string): SharedEditChoice {
  return sessions.get(answerId)?.choice ?? 'ask';
}

/** "Keep the world's copy": this session's saves stay private. */
export function keepWorldCopy(answerId: string): void {
  sessions.set(answerId, { choice: 'keep', published: null });
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
  following?.();
  following = null;
}
