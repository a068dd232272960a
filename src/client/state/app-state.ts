import type { AdminEntry } from '../../shared/api/admin.ts';
import type { Answer } from '../../shared/api/answers.ts';
import type { PromptView } from '../../shared/api/prompts.ts';
import type { OwnUser } from '../../shared/api/users.ts';
import type { FeedAnswer } from '../../shared/api/world.ts';
import { addDays, type CalendarDay, dayKey } from '../../shared/domain/calendar-day.ts';
import { DEFAULT_CATEGORIES, PSEUDO_CATEGORIES } from '../../shared/domain/categories.ts';
import type { Seen } from '../../shared/domain/seen.ts';

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

export type StatusMessage = { message: string; warning: boolean; id: number };

export type AdminData = { answers: unknown[]; users: unknown[]; prompts: unknown[] };

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
  /** SPEC §3/§4 error string: set when creating the user fails ('' when none). */
  error: string;
  /** SPEC §3 admin data: never persisted. */
  adminData: AdminData;
};

export type AppState = PersistedState & TransientState;

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
    code: '',
    old_id: '',
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
    adminData: { answers: [], users: [], prompts: [] },
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
