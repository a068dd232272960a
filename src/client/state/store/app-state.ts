import type { AdminAnswerView, AdminEntry, AdminUserView } from '#shared/api/admin.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { OwnUser } from '#shared/api/users.ts';
import type { FeedAnswer, PublicProfile, ReportedAnswer } from '#shared/api/world.ts';
import { addDays, type CalendarDay, dayKey } from '#shared/domain/calendar-day.ts';
import { DEFAULT_CATEGORIES, PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import type { Seen } from '#shared/domain/seen.ts';
import type { LoginForm } from '#shared/domain/validation-messages.ts';

// The client state of SPEC §3, in one store. Everything above the `transient` line is saved to
// localStorage (persistence.ts); admin data and the short-lived UI flags below it are not.

/** SPEC §3 offline record: what was written while the server could not be reached. */
export type OfflineRecord = {
  beenOffline: boolean;
  /** Answers saved while offline (latest version of each). */
  answered: Answer[];
  /** Prompts created while offline. */
  created: PromptView[];
  streak: number | null;
  longestStreak: number | null;
  score: number | null;
  last: string | null;
  /** Ids of answers deleted while offline. */
  deleted: string[];
};

export type TodayPrompt = {
  /** The prompt id that stands for `date`, or null before it is known. */
  id: string | null;
  /** Day key 'YYYY-MM-DD' the id is for. */
  date: string | null;
};

export type WorldState = { loading: boolean; page: number; sharedAnswers: FeedAnswer[] };

/**
 * The world filtered to one prompt (/world?prompt=, decision 023): its own list, apart from the
 * whole feed, so neither pages nor live arrivals of the one leak into the other. `answerFirst`:
 * the reader has not answered the prompt yet, so nothing is shown but the way to answer it.
 */
export type PromptWorldState = WorldState & { promptId: string; answerFirst: boolean };

export type StatusMessage = { message: string; warning: boolean; id: number };

/**
 * SPEC §3 admin data and the admin screens' lists (submittedPrompts, reportedAnswers): loaded
 * when an admin screen opens, never saved. `null` = not loaded (yet).
 */
export type AdminData = {
  answers: AdminAnswerView[] | null;
  answersPage: number;
  users: AdminUserView[] | null;
  usersPage: number;
  /** Submitted prompts waiting for review. */
  prompts: PromptView[] | null;
  reportedAnswers: ReportedAnswer[] | null;
};

export function emptyAdminData(): AdminData {
  return {
    answers: null,
    answersPage: 1,
    users: null,
    usersPage: 1,
    prompts: null,
    reportedAnswers: null,
  };
}

export type PersistedState = {
  user: OwnUser;
  answers: Answer[];
  /** The answer on the answer screen (possibly not saved yet: `text` starts empty). */
  answer: Answer | null;
  /** The category on the answer screen: a real one or a pseudo-category (SPEC §3). */
  category: string;
  categories: string[];
  /** Approved prompts. */
  prompts: PromptView[];
  myPrompts: PromptView[];
  todayPrompt: TodayPrompt;
  seen: Seen | null;
  offline: OfflineRecord;
  world: WorldState;
  worldAnswerId: string | null;
  admin: AdminEntry[];
  search: string;
};

export type TransientState = {
  status: StatusMessage | null;
  sideMenu: boolean;
  /** Which start-up loads have finished (success or not), e.g. to tell "unknown prompt" from
   *  "prompts not here yet". */
  loaded: { prompts: boolean; myPrompts: boolean; answers: boolean };
  /** SPEC §3/§4 error string: set when creating the user, login, sign-up or saving the user
   *  fails ('' when none); cleared on new requests and on editing form fields. */
  error: string;
  /** SPEC §3/§4 loading flag: on while a sign-up, login or edit-user request is out. */
  loading: boolean;
  /** SPEC §3 login form (never saved: it holds a password). */
  loginForm: LoginForm;
  /** SPEC §3 editUser: the /userSettings form. */
  editUser: EditUser;
  /** A named user's session is gone (401): everything stays local until they sign in again. */
  sessionLost: boolean;
  /** The passcode modal is up (SPEC §2 Modals): set when a user with a code loads. */
  locked: boolean;
  /**
   * Whether this device holds the key to the user's encrypted entries (docs/ENCRYPTION.md):
   * 'missing' puts up the unlock screen for an account whose entries are encrypted.
   */
  journalKey: 'checking' | 'held' | 'missing';
  /** An encrypted journal's load found entries still in words: they are to be sealed. */
  wordsToSeal: boolean;
  /** Recovery codes just made (sign-up or settings): shown once, never saved (decision 014). */
  recoveryCodes: string[] | null;
  /** SPEC §3 otherUser: the public profile on /user/{id} (loaded on every visit, not saved). */
  otherUser: PublicProfile | null;
  /** The world filtered to one prompt on screen (loaded on every visit, not saved). */
  promptWorld: PromptWorldState | null;
  /** SPEC §3 admin data: never persisted. */
  adminData: AdminData;
};

export type AppState = PersistedState & TransientState;

export type EditUser = { name: string; email: string };

/** An empty login form in sign-in (`login`) or sign-up mode. */
export function emptyLoginForm(login: boolean): LoginForm {
  return { login, name: '', email: '', password: '' };
}

/** SPEC §9 new users: streak 0, longest 0, score 0, last = yesterday. `_id` '' = no user yet. */
export function defaultUser(today: CalendarDay): OwnUser {
  return {
    _id: '',
    name: '',
    email: '',
    profilePicture: '',
    created: [],
    answered: [],
    started: dayKey(today),
    streak: 0,
    longestStreak: 0,
    score: 0,
    last: dayKey(addDays(today, -1)),
    categories: [],
    code: null,
    old_id: '',
    encryption: false,
  };
}

export function emptyOfflineRecord(): OfflineRecord {
  return {
    beenOffline: false,
    answered: [],
    created: [],
    streak: null,
    longestStreak: null,
    score: null,
    last: null,
    deleted: [],
  };
}

export function initialPersistedState(today: CalendarDay): PersistedState {
  return {
    user: defaultUser(today),
    answers: [],
    answer: null,
    category: PSEUDO_CATEGORIES.all,
    categories: [...DEFAULT_CATEGORIES],
    prompts: [],
    myPrompts: [],
    todayPrompt: { id: null, date: null },
    seen: null,
    offline: emptyOfflineRecord(),
    world: { loading: false, page: 1, sharedAnswers: [] },
    worldAnswerId: null,
    admin: [],
    search: '',
  };
}

export function initialTransientState(): TransientState {
  return {
    status: null,
    sideMenu: false,
    loaded: { prompts: false, myPrompts: false, answers: false },
    error: '',
    loading: false,
    loginForm: emptyLoginForm(true),
    editUser: { name: '', email: '' },
    sessionLost: false,
    locked: false,
    journalKey: 'checking',
    wordsToSeal: false,
    recoveryCodes: null,
    otherUser: null,
    promptWorld: null,
    adminData: emptyAdminData(),
  };
}

/** The part of the state persistence saves: everything but admin data and transient UI. */
export function persistedPart(state: AppState): PersistedState {
  return {
    user: state.user,
    answers: state.answers,
    answer: state.answer,
    category: state.category,
    categories: state.categories,
    prompts: state.prompts,
    myPrompts: state.myPrompts,
    todayPrompt: state.todayPrompt,
    seen: state.seen,
    offline: state.offline,
    world: state.world,
    worldAnswerId: state.worldAnswerId,
    admin: state.admin,
    search: state.search,
  };
}
