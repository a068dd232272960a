import {
  postDeleteAccount,
  postLogin,
  postLogout,
  postSignup,
  postUserCode,
  postUserUpdate,
} from '#client/api/account.ts';
import { ApiError, isUnauthorized } from '#client/api/call.ts';
import { todayOf } from '#shared/domain/calendar-day.ts';
import type { LoginForm } from '#shared/domain/validation-messages.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { forgetSealedEntries } from '../answers/answer-codec.ts';
import { takeEarlyText } from '../answers/early-text.ts';
import { syncOfflineRecord } from '../answers/offline-sync.ts';
import { waitingPhotoQueue } from '../answers/photo-queue-trigger.ts';
import { enqueue } from '../answers/writes.ts';
import { reportSessionLost } from '../session-lost.ts';
import { defaultUser, emptyLoginForm, emptyOfflineRecord } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { showStatus } from '../store/status.ts';
import {
  accountErrorMessage,
  editUserProblem,
  loginProblem,
  SIGN_IN_AGAIN,
  TRY_AGAIN,
  takeOwnership,
  trimmedForm,
  typedAccountField,
} from './account-rules.ts';
import { deviceMarker } from './device-marker.ts';
import { loadAdminList, loadOwnData } from './loads.ts';
import { trustThisVisit } from './passcode-lock.ts';
import { restartAnonymous } from './startup.ts';

// SPEC §4 account transitions: sign-up, login, logout, account deletion, editing the user and
// the passcode. Identity changes run in the write queue (`enqueue`), so every write made before
// reaches the server under the session it was made with, and none made after overtakes them.

// ─── Form fields (SPEC §4: editing a field clears the error string) ──────────────────────────

/** SPEC §5: names get their first letter capitalised as typed; e-mails never (issue 17 C). */
export function setLoginField(field: 'name' | 'email' | 'password', value: string): void {
  setState((s) => ({
    loginForm: { ...s.loginForm, [field]: typedAccountField(field, value, s.loginForm.login) },
    error: '',
  }));
}

/** SPEC §4 "Login screen: toggles between sign in and sign up" (what was typed stays). */
export function setLoginMode(login: boolean): void {
  setState((s) => (s.loginForm.login === login ? {} : { loginForm: { ...s.loginForm, login } }));
}

export function setEditField(field: 'name' | 'email', value: string): void {
  setState((s) => ({
    editUser: { ...s.editUser, [field]: typedAccountField(field, value, false) },
    error: '',
  }));
}

/** SPEC §2 profile: the settings button loads the user into the edit form. */
export function loadEditForm(): void {
  setState((s) => ({ editUser: { name: s.user.name, email: s.user.email }, error: '' }));
}

export function clearError(): void {
  setState((s) => (s.error ? { error: '' } : {}));
}

// ─── Sign-up and login ───────────────────────────────────────────────────────────────────────

/** Starts a request under the loading flag; false when one is already out (SPEC §4). */
function startLoading(): boolean {
  if (getState().loading) return false;
  setState({ loading: true, error: '' });
  return true;
}

/**
 * SPEC §4 sign-up: the anonymous user becomes a named one (same id, so every answer already on
 * the server stays theirs); locally every answer and prompt takes the new name.
 * Returns whether the account was created.
 */
export async function signUp(): Promise<boolean> {
  const form: LoginForm = trimmedForm(getState().loginForm);
  if (form.login || loginProblem(form) || !startLoading()) return false;
  try {
    const { user, recoveryCodes } = await enqueue(() =>
      postSignup(
        { _id: getState().user._id, name: form.name, email: form.email, password: form.password },
        todayOf(new Date()),
        deviceMarker(),
      ),
    );
    trustThisVisit();
    setState((s) => ({
      ...takeOwnership(s, user._id, user.name),
      user,
      loading: false,
      sessionLost: false,
      loginForm: emptyLoginForm(true),
      // Without e-mail, the way back in: shown once (decision 014).
      recoveryCodes: recoveryCodes ?? null,
    }));
    showStatus(MESSAGES.accountCreated);
    // The admin list names only users who exist: it may name this one now.
    void loadAdminList();
    return true;
  } catch (error) {
    setState({ loading: false, error: accountErrorMessage('signup', error) });
    // No session for the anonymous user: start-up gives them a new one, so a retry can work.
    if (isUnauthorized(error) && !getState().user.name) reportSessionLost();
    return false;
  }
}

/**
 * SPEC §4 login: the server carries the caller's anonymous answers and prompts into the account;
 * locally they take the account's id and name. Then, exactly as at start-up, a record kept
 * offline is sent (it answers with the account's answers, prompts and user), or else the
 * account's prompts and answers load and are merged with what has not reached the server.
 */
export async function logIn(): Promise<boolean> {
  const form: LoginForm = trimmedForm(getState().loginForm);
  if (!form.login || loginProblem(form) || !startLoading()) return false;
  try {
    const { user } = await enqueue(() =>
      postLogin(
        { name: form.name, password: form.password, _id: getState().user._id || undefined },
        todayOf(new Date()),
        deviceMarker(),
      ),
    );
    // Encrypted entries open with the password just typed (journal-lock.ts).
    const lock = user.encryption ? await import('./journal-lock.ts') : null;
    const unlocked = lock !== null && (await lock.unlockAtSignIn(user._id, form.password));
    trustThisVisit();
    setState((s) => ({
      ...takeOwnership(s, user._id, user.name),
      user,
      loading: false,
      sessionLost: false,
      loginForm: emptyLoginForm(true),
    }));
    showStatus(MESSAGES.loggedIn);
    void loadAdminList();
    const outcome = await syncOfflineRecord();
    if (outcome !== 'synced') await loadOwnData();
    // A visitor's entries the sign-in brought into an encrypted account are sealed now.
    if (unlocked) void lock?.sealPlainEntries();
    return true;
  } catch (error) {
    setState({ loading: false, error: accountErrorMessage('login', error) });
    return false;
  }
}

// ─── Logout and deletion ─────────────────────────────────────────────────────────────────────

/**
 * Everything of the person on this device goes: SPEC §4 logout resets the user to defaults
 * (last = yesterday) and clears answers, edit form, own prompts and the current answer; the
 * offline record and the forms go too. A fresh anonymous user then starts.
 */
function forgetEverythingLocal(): void {
  // Typed into today's box before the app took over, and never handed over: not the next
  // person's to find in their entry.
  takeEarlyText();
  void waitingPhotoQueue()?.then((q) => q.forgetQueuedPhotos());
  // The journal's key goes too, where one was kept (loaded for that only).
  if (getState().user.encryption) {
    void import('#client/encryption/device-key.ts').then((keys) => keys.forgetDeviceKeys());
  }
  forgetSealedEntries();
  setState({
    user: defaultUser(todayOf(new Date())),
    answers: [],
    answer: null,
    myPrompts: [],
    offline: emptyOfflineRecord(),
    editUser: { name: '', email: '' },
    loginForm: emptyLoginForm(true),
    sessionLost: false,
    locked: false,
    error: '',
  });
  void restartAnonymous();
}

export type LogoutOutcome =
  | { kind: 'logged-out' }
  | { kind: 'failed'; message: string }
  | { kind: 'unsent'; count: number };

/** Answers, prompts and deletions the server has not seen yet (the offline record). */
function unsentCount(): number {
  const { offline } = getState();
  return offline.answered.length + offline.created.length + offline.deleted.length;
}

/**
 * SPEC §4 logout, on the server too. Whatever is still kept offline is sent first; if some of
 * it cannot be sent (offline, or the session already ended) nothing happens until the person
 * agrees to lose it (`discardUnsent`). If the server cannot be reached the person stays logged
 * in (their session would live on otherwise) and the message says why.
 */
export async function logOut(options: { discardUnsent?: boolean } = {}): Promise<LogoutOutcome> {
  if (!startLoading()) return { kind: 'failed', message: '' };
  await syncOfflineRecord();
  const photos = waitingPhotoQueue();
  const unsent = unsentCount() + (photos ? await (await photos).settleQueuedPhotos() : 0);
  if (unsent > 0 && !options.discardUnsent) {
    setState({ loading: false });
    return { kind: 'unsent', count: unsent };
  }
  try {
    await enqueue(() => postLogout());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) {
      setState({ loading: false });
      return { kind: 'failed', message: MESSAGES.noConnection };
    }
    // Any other answer means there is no session left to end.
  }
  setState({ loading: false });
  forgetEverythingLocal();
  showStatus('Logged out');
  return { kind: 'logged-out' };
}

/**
 * Erases the account and everything it owns on the server (named users give their password
 * again), then everything on this device, and starts a fresh anonymous user.
 * Returns an error message, or null when the account is gone.
 */
export async function deleteAccount(password?: string): Promise<string | null> {
  const named = getState().user.name !== '';
  if (!startLoading()) return null;
  try {
    await enqueue(() => postDeleteAccount(named ? (password ?? '') : undefined));
  } catch (error) {
    setState({ loading: false });
    const status = error instanceof ApiError ? error.status : null;
    if (status === 0) return MESSAGES.noConnection;
    if (status === 403) return MESSAGES.passwordMismatch;
    if (status === 401 && named) return SIGN_IN_AGAIN;
    // An anonymous user without a session has nothing left on the server to erase.
    if (status !== 401) return TRY_AGAIN;
  }
  setState({ loading: false });
  forgetEverythingLocal();
  showStatus('Your account is deleted');
  return null;
}

// ─── Editing the user ────────────────────────────────────────────────────────────────────────

/**
 * SPEC §4 edit user: name and e-mail; a taken one is 'Sorry, name or email is taken' (SPEC §8).
 * Local answers and prompts take the new name. Returns whether it was saved.
 */
export async function saveProfile(): Promise<boolean> {
  const { editUser, user } = getState();
  const name = editUser.name.trim();
  const email = editUser.email.trim();
  if (editUserProblem({ name, email }) || !startLoading()) return false;
  try {
    const response = await postUserUpdate({ _id: user._id, name, email });
    setState((s) =>
      s.user._id === response.user._id
        ? {
            ...takeOwnership(s, response.user._id, response.user.name),
            user: response.user,
            editUser: { name: response.user.name, email: response.user.email },
            loading: false,
          }
        : { loading: false },
    );
    showStatus(MESSAGES.success);
    return true;
  } catch (error) {
    setState({ loading: false, error: accountErrorMessage('update', error) });
    if (isUnauthorized(error)) reportSessionLost();
    return false;
  }
}

/**
 * Sets (4 digits) or removes ('') the passcode. Setting it proves the person knows it, so this
 * visit is not locked by it. Changing or removing one that is set needs `current`, the passcode
 * or the password (issue 34 point 4). Returns an error message, or null when saved.
 */
export async function savePasscode(code: string, current?: string): Promise<string | null> {
  const { user } = getState();
  try {
    const response = await postUserCode(user._id, code, current);
    if (code) trustThisVisit();
    setState((s) => (s.user._id === response.user._id ? { user: response.user } : {}));
    showStatus(code ? 'Passcode set' : 'Passcode removed');
    return null;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    if (status === 0) return MESSAGES.noConnection;
    if (status === 401) {
      reportSessionLost();
      return SIGN_IN_AGAIN;
    }
    if (status === 403 && user.name === '') return 'Please sign up to set a passcode.';
    // A wrong passcode or password, or a wait after too many: the server's short reason.
    if (error instanceof ApiError && [400, 403, 429].includes(status ?? 0)) return error.message;
    return TRY_AGAIN;
  }
}

/**
 * "Forgot passcode?" on the lock screen: signs this device out (as logout does, so anything not
 * yet on the server is first sent or, only when the person agrees, given up).
 */
export function signOutForgottenPasscode(discardUnsent: boolean): Promise<LogoutOutcome> {
  return logOut({ discardUnsent });
}
