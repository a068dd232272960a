import { isUnauthorized } from '#client/api/call.ts';
import { createUser, fetchUser } from '#client/api/users.ts';
import { paths } from '#client/routes.ts';
import type { Answer } from '#shared/api/answers.ts';
import { todayOf } from '#shared/domain/calendar-day.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { startOfflineSync, syncOfflineRecord } from '../answers/offline-sync.ts';
import { holdWritesUntil, uploadAnswer } from '../answers/writes.ts';
import { newId } from '../ids.ts';
import { onSessionLost } from '../session-lost.ts';
import { defaultUser, emptyOfflineRecord } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { deviceMarker } from './device-marker.ts';
import { journalKeyChecked, startJournalLock } from './journal-key.ts';
import {
  loadAdminList,
  loadApprovedPrompts,
  loadCategories,
  loadOwnData,
  loadSharedPage,
  loadTodayPrompt,
  loadUser,
} from './loads.ts';
import { startPasscodeLock } from './passcode-lock.ts';
import { noteNamedSessionLost } from './session-notice.ts';

/**
 * A new anonymous user (SPEC §2 "On first start without a user id…"): a fresh id, the local
 * answers carried over to it, `/api/user/create` (which sets the session cookie), then every
 * local answer re-sent through the write path so the server has them under the new user.
 */
async function startAnonymousUser(): Promise<void> {
  const id = newId();
  const today = todayOf(new Date());
  // The server keeps the old answer ids for the old (now unreachable) user, so the answers
  // carried over get new ids; the old user's offline record means nothing to the new one.
  const newIds = new Map<string, string>();
  const carry = (a: Answer): Answer => {
    const answerId = newIds.get(a._id) ?? newId();
    newIds.set(a._id, answerId);
    return { ...a, _id: answerId, user_id: id, user_name: '' };
  };
  setState((s) => {
    const answers = s.answers.map(carry);
    return {
      error: '',
      user: { ...defaultUser(today), _id: id, answered: answers.map((a) => a._id) },
      answers,
      answer: s.answer ? carry(s.answer) : null,
      offline: emptyOfflineRecord(),
    };
  });
  const created = createUser(id, today, deviceMarker());
  holdWritesUntil(created);
  try {
    const { user } = await created;
    setState((s) => (s.user._id === id ? { user } : {}));
  } catch {
    // SPEC §8 "Create user fails → 'Sorry, no internet connection'". The next start finds no
    // session for this id and starts over, keeping the answers.
    setState((s) => ({
      error: MESSAGES.noConnection,
      // Nothing of this user's can be loaded yet: screens waiting for it should not wait.
      loaded: { ...s.loaded, myPrompts: true, answers: true },
    }));
    return;
  }
  const local = getState().answers;
  await Promise.all(local.map((answer) => uploadAnswer(answer)));
  await loadOwnData();
}

let recovering: Promise<void> | null = null;

/**
 * A 401 for the stored user. An anonymous user cannot sign back in, so rather than getting
 * stuck the app starts a new anonymous user and keeps the local answers. A named user keeps
 * everything locally and is asked to sign in again; the login carries it all over.
 */
function recoverSession(): void {
  if (recovering) return;
  recovering = (async () => {
    const { user } = getState();
    if (user._id) {
      // Several calls may report the same loss, some after a new session already exists:
      // ask once more before replacing anyone.
      try {
        await fetchUser(user._id);
        return;
      } catch (error) {
        if (!isUnauthorized(error)) return;
      }
    }
    if (user.name) {
      noteNamedSessionLost();
      return;
    }
    await startAnonymousUser();
  })().finally(() => {
    recovering = null;
  });
}

/**
 * Logout and account deletion: after the local state is cleared, a new anonymous user starts
 * at once (with a session), so that writing keeps working as on a first visit.
 */
export function restartAnonymous(): Promise<void> {
  const run = startAnonymousUser().finally(() => {
    if (recovering === run) recovering = null;
  });
  recovering = run;
  return run;
}

/** The start-up's own loads, for a screen that shows what they fetch (the home page). */
export type StartupLoads = {
  prompts: Promise<void>;
  shared: Promise<boolean>;
  today: Promise<void>;
};

let startupLoads: StartupLoads | null = null;

/**
 * The loads start-up began, so a screen waits for them instead of asking the server the same
 * thing a second time (issue 16: /home used to repeat all three). Null before startApp.
 */
export function startedLoads(): StartupLoads | null {
  return startupLoads;
}

let sharedClaimed = false;
/** Where start-up opens (after the first visit's move to /home), with its query. */
let startPath = '';
onReset(() => {
  recovering = null;
  startupLoads = null;
  sharedClaimed = false;
  startPath = '';
});

/** Path and query: /world?prompt=… (one prompt's answers) is not the whole world at /world. */
const here = () => window.location.pathname + window.location.search;

/**
 * The start-up's load of the world's first page, to the screen start-up opened, if that screen
 * shows the world (the home page or /world) and asks first; null otherwise, and after that, when
 * a screen loads a fresh page itself.
 */
export function claimStartupShared(): Promise<boolean> | null {
  if (!startupLoads || sharedClaimed || here() !== startPath) return null;
  sharedClaimed = true;
  return startupLoads.shared;
}

/**
 * Start-up (SPEC §2, §7): makes sure there is a user, then loads everything the app shows, all
 * in parallel and none of it awaited by the first paint. `navigate` sends a first-time visitor
 * from `/` to the home page.
 */
export function startApp(navigate: (path: string) => void): void {
  onSessionLost(recoverSession);
  startPasscodeLock();
  startJournalLock();
  const promptsReady = loadApprovedPrompts();
  void loadAdminList();
  void loadCategories();
  startupLoads = {
    prompts: promptsReady,
    shared: loadSharedPage(1),
    today: loadTodayPrompt(promptsReady),
  };

  startPath = here();
  if (!getState().user._id) {
    // A first visit lands on the home page; a deep link (a shared prompt, /about…) is honoured.
    if (window.location.pathname === paths.categories) {
      startPath = paths.home;
      navigate(paths.home);
    }
    recovering = startAnonymousUser().finally(() => {
      recovering = null;
    });
  } else {
    // The session is known: a record kept offline goes first, and its answer carries the
    // user, answers and prompts; without one (or when it fails) they load as usual. Both wait
    // until this device knows whether it holds the key to encrypted entries (journal-lock.ts).
    void journalKeyChecked()
      .then(() => syncOfflineRecord())
      .then((outcome) => (outcome === 'synced' ? undefined : loadOwnData()));
  }
  startOfflineSync();

  // SPEC §4: today's prompt and the user reload when the tab becomes visible again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    void loadTodayPrompt(promptsReady);
    void loadUser();
  });
}
