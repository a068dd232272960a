import { fetchUserAnswers } from '#client/api/answers.ts';
import { isUnauthorized } from '#client/api/call.ts';
import {
  fetchApprovedPrompts,
  fetchCategories,
  fetchTodayPrompt,
  fetchUserPrompts,
} from '#client/api/prompts.ts';
import { fetchAdminList, fetchUser } from '#client/api/users.ts';
import { fetchPromptAnswers, fetchSharedAnswers } from '#client/api/world.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { type CalendarDay, dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { WORLD_PAGE_SIZE } from '#shared/domain/limits.ts';
import { pickRandomPrompt } from '#shared/domain/random-prompt.ts';
import { openAnswers } from '../answers/answer-codec.ts';
import { mergeServerAnswers } from '../answers/answer-merge.ts';
import { answerIdsInFlight, enqueue } from '../answers/writes.ts';
import { reportSessionLost } from '../session-lost.ts';
import type { TransientState } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';

// The loads of SPEC §7 "at start". Each one is independent, fills its part of the store and
// swallows its own failure: SPEC §8 "failed loads … silently ignored" (the saved state stays).
// A 401 on a call about the user means the session is gone, which start-up handles.

function markLoaded(key: keyof TransientState['loaded']): void {
  setState((s) => ({ loaded: { ...s.loaded, [key]: true } }));
}

function ignoreUnlessSessionLost(error: unknown): void {
  if (isUnauthorized(error)) reportSessionLost();
}

export async function loadAdminList(): Promise<void> {
  try {
    const { admin } = await fetchAdminList();
    if (Array.isArray(admin)) setState({ admin });
  } catch {
    // ignored (SPEC §8)
  }
}

export async function loadCategories(): Promise<void> {
  try {
    const { categories } = await fetchCategories();
    if (Array.isArray(categories) && categories.length > 0) setState({ categories });
  } catch {
    // ignored (SPEC §8): the saved or default list stays
  }
}

export async function loadApprovedPrompts(): Promise<void> {
  try {
    const { prompts } = await fetchApprovedPrompts();
    if (Array.isArray(prompts)) setState({ prompts });
  } catch {
    // ignored (SPEC §8)
  } finally {
    markLoaded('prompts');
  }
}

/**
 * SPEC §4 world paging: page 1 replaces, later pages append; exactly 10 means more to come.
 * An answer shared since the last page shifts the pages by one, so an appended page may repeat
 * the previous page's last item: it is skipped. True when the page arrived.
 */
export async function loadSharedPage(page: number): Promise<boolean> {
  try {
    const { sharedAnswers } = await fetchSharedAnswers(page);
    if (!Array.isArray(sharedAnswers)) return false;
    setState((s) => {
      const known = new Set(s.world.sharedAnswers.map((a) => a._id));
      const added = sharedAnswers.filter((a) => !known.has(a._id));
      return {
        world: {
          page,
          loading: sharedAnswers.length === WORLD_PAGE_SIZE,
          sharedAnswers: page === 1 ? sharedAnswers : [...s.world.sharedAnswers, ...added],
        },
      };
    });
    return true;
  } catch {
    // ignored (SPEC §8)
    return false;
  }
}

/**
 * A page of the world filtered to one prompt (decision 023) into `promptWorld`; page 1 starts
 * the list afresh (another prompt's list is dropped). False when it failed.
 */
export async function loadPromptWorldPage(promptId: string, page: number): Promise<boolean> {
  try {
    // After every earlier write: the answer just finished must reach the server before it is
    // asked whether this person has answered the prompt.
    const { sharedAnswers, answerFirst } = await enqueue(() => fetchPromptAnswers(promptId, page));
    if (!Array.isArray(sharedAnswers)) return false;
    setState((s) => {
      const current = s.promptWorld?.promptId === promptId && page > 1 ? s.promptWorld : null;
      const known = new Set(current?.sharedAnswers.map((a) => a._id));
      const added = sharedAnswers.filter((a) => !known.has(a._id));
      return {
        promptWorld: {
          promptId,
          page,
          answerFirst: answerFirst === true,
          loading: sharedAnswers.length === WORLD_PAGE_SIZE,
          sharedAnswers: current ? [...current.sharedAnswers, ...added] : sharedAnswers,
        },
      };
    });
    return true;
  } catch (error) {
    ignoreUnlessSessionLost(error);
    return false;
  }
}

export async function loadUser(): Promise<void> {
  const { user } = getState();
  if (!user._id) return;
  try {
    const response = await fetchUser(user._id);
    setState((s) => (s.user._id === response.user._id ? { user: response.user } : {}));
  } catch (error) {
    ignoreUnlessSessionLost(error);
  }
}

export async function loadAnswers(): Promise<void> {
  const { user } = getState();
  if (!user._id) return;
  try {
    const response = await fetchUserAnswers(user._id);
    if (!Array.isArray(response.answers)) return;
    // Opened on this device when encrypted; a locked journal loads nothing (answer-codec.ts).
    const answers = await openAnswers(response.answers);
    // An encrypted journal with entries still in words (a sealing cut off by a navigation, a
    // visitor's entries brought in by a sign-in): journal-key.ts has them sealed.
    if (getState().user.encryption && response.answers.some((a) => !a.encrypted)) {
      setState({ wordsToSeal: true });
    }
    setState((s) => {
      if (s.user._id !== user._id) return {};
      const keepLocal = new Set([...answerIdsInFlight(), ...s.offline.answered.map((a) => a._id)]);
      const merged = mergeServerAnswers(answers, s.answers, keepLocal, new Set(s.offline.deleted));
      return { answers: merged };
    });
  } catch (error) {
    ignoreUnlessSessionLost(error);
  } finally {
    markLoaded('answers');
  }
}

export async function loadUserPrompts(): Promise<void> {
  const { user } = getState();
  if (!user._id) return;
  try {
    const { prompts } = await fetchUserPrompts(user._id);
    if (!Array.isArray(prompts)) return;
    setState((s) => {
      const onServer = new Set(prompts.map((p) => p._id));
      const notSent = s.offline.created.filter((p) => !onServer.has(p._id));
      return { myPrompts: [...prompts, ...notSent] };
    });
  } catch (error) {
    ignoreUnlessSessionLost(error);
  } finally {
    markLoaded('myPrompts');
  }
}

/** The loads about the signed-in (or anonymous) user, in parallel. */
export function loadOwnData(): Promise<unknown> {
  return Promise.all([loadUser(), loadAnswers(), loadUserPrompts()]);
}

function pickLocally(prompts: readonly PromptView[]): PromptView | null {
  return pickRandomPrompt({
    prompts,
    currentId: null,
    seenIds: [],
    answeredPromptIds: [],
    category: null,
    ownPrompts: [],
  });
}

/**
 * SPEC §4 today's prompt: one per calendar day, the same for everyone — the server picks it and
 * no client can choose it (issue 13). If the server cannot be reached, a pick stored for today
 * stays; otherwise a local pick from the approved prompts serves offline until the server's
 * answer arrives at the next load. `promptsReady` resolves once the approved prompts load has
 * finished.
 */
export async function loadTodayPrompt(
  promptsReady: Promise<unknown> = Promise.resolve(),
  now: Date = new Date(),
): Promise<void> {
  const today: CalendarDay = todayOf(now);
  const date = dayKey(today);
  try {
    const { prompt_id } = await fetchTodayPrompt(today);
    if (typeof prompt_id === 'string' && prompt_id) {
      setState({ todayPrompt: { id: prompt_id, date } });
      return;
    }
  } catch {
    // fall through to the local pick (SPEC §8: failed loads are ignored)
  }
  const stored = getState().todayPrompt;
  if (stored.date === date && stored.id) return;
  await promptsReady;
  const pick = pickLocally(getState().prompts);
  if (!pick) return;
  setState({ todayPrompt: { id: pick._id, date } });
}
