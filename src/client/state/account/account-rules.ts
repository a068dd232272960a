import { ApiError } from '#client/api/call.ts';
import type { AdminEntry } from '#shared/api/admin.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { type CalendarDay, dayKey } from '#shared/domain/calendar-day.ts';
import { capitaliseFirst } from '#shared/domain/capitalise.ts';
import { MAX_PICTURE_BYTES, MIN_PASSWORD_LENGTH } from '#shared/domain/limits.ts';
import {
  isValidEmail,
  type LoginForm,
  loginFormError,
  MESSAGES,
} from '#shared/domain/validation-messages.ts';
import type { AppState, EditUser } from '../store/app-state.ts';

// The pure rules of the account screens and transitions (SPEC §4, §5, §8), kept apart from the
// store and the network so they can be tested alone.

/**
 * What an account form field holds as typed. SPEC §5 capitalises the first letter of names and
 * text; an e-mail address is never capitalised (issue 17 C: 'Ada@example.com' is not what
 * anyone typed), nor is a password, nor the login form's "Name or email", which may be either.
 */
export function typedAccountField(
  field: 'name' | 'email' | 'password',
  value: string,
  loginMode: boolean,
): string {
  if (field !== 'name' || loginMode || value.includes('@')) return value;
  return capitaliseFirst(value);
}

/** The limits live in src/shared/domain/limits.ts; these re-exports keep the screens' imports. */
export { MAX_PICTURE_BYTES, MIN_PASSWORD_LENGTH };
export const PASSWORD_TOO_SHORT = `Passwords are at least ${MIN_PASSWORD_LENGTH} characters`;
/** SPEC §5/§9: the largest picture the server takes. */
export const PICTURE_TOO_BIG = 'That picture is over 100 MB. Please choose a smaller one.';
export const NOT_A_PICTURE = 'Please choose a picture (JPEG, PNG, GIF, WebP or AVIF).';
export const TRY_AGAIN = 'Sorry, something went wrong. Please try again.';
export const SIGN_IN_AGAIN = 'Please sign in again to keep your answers in sync';
export const NAME_WITH_AT = 'Names cannot contain @';

/** The form as it is sent: names and e-mails trimmed, the password exactly as typed. */
export function trimmedForm(form: LoginForm): LoginForm {
  return { ...form, name: form.name.trim(), email: form.email.trim() };
}

/**
 * SPEC §5 in order, then the server's own rules the spec does not list (a password of at least
 * 8 characters and a name without '@' for sign-up), so the form never sends what would fail.
 */
export function loginProblem(form: LoginForm): string | null {
  const trimmed = trimmedForm(form);
  const specMessage = loginFormError(trimmed);
  if (specMessage || trimmed.login) return specMessage;
  if (trimmed.name.includes('@')) return NAME_WITH_AT;
  if (trimmed.password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

/** The field a validation message is about, to move focus to it. */
export function fieldOfProblem(message: string): 'name' | 'email' | 'password' {
  switch (message) {
    case MESSAGES.signUpEmail:
    case MESSAGES.invalidEmail:
      return 'email';
    case MESSAGES.password:
    case PASSWORD_TOO_SHORT:
      return 'password';
    default:
      return 'name';
  }
}

/** SPEC §5 edit user: the sign-up rules for a name and an e-mail. */
export function editUserProblem(edit: EditUser): string | null {
  const name = edit.name.trim();
  const email = edit.email.trim();
  if (!name) return MESSAGES.signUpName;
  if (name.includes('@')) return NAME_WITH_AT;
  if (!email) return MESSAGES.signUpEmail;
  if (!isValidEmail(email)) return MESSAGES.invalidEmail;
  return null;
}

function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The server's short reason without the field path zod puts in front ('user.name: …'). */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  return message.replace(/^[\w.]+: /, '') || TRY_AGAIN;
}

/** SPEC §8 wording for a failed sign-up, login or edit-user request. */
export function accountErrorMessage(kind: 'signup' | 'login' | 'update', error: unknown): string {
  const status = statusOf(error);
  if (status === 0) return MESSAGES.noConnection;
  if (status === 429) return reasonOf(error);
  if (kind === 'login') return MESSAGES.passwordMismatch;
  // SPEC §8's words, and the server's note on which of the two is taken (issue 35).
  if (status === 409) {
    const reason = reasonOf(error);
    return reason.startsWith(MESSAGES.nameOrEmailTaken) ? reason : MESSAGES.nameOrEmailTaken;
  }
  // The form checks what the server checks, so a 400 is rare: its reason says what is wrong.
  if (status === 400) return reasonOf(error);
  if (status === 401) return kind === 'update' ? SIGN_IN_AGAIN : TRY_AGAIN;
  if (status !== null && status >= 500) return TRY_AGAIN;
  return MESSAGES.nameOrEmailTaken;
}

/** Words for a failed picture upload (the save afterwards falls back offline silently). */
export function pictureErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 0) return MESSAGES.noConnection;
  if (status === 413) return PICTURE_TOO_BIG;
  if (status === 415) return reasonOf(error);
  if (status === 401) return SIGN_IN_AGAIN;
  if (status === 403) return 'Please sign up to add a picture.';
  if (status === 429) return 'Too many uploads for now. Please try again later.';
  return TRY_AGAIN;
}

/** Checked before uploading: the size limit, and an obvious non-image (the server sniffs too). */
export function pictureFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_PICTURE_BYTES) return PICTURE_TOO_BIG;
  if (file.type !== '' && !file.type.startsWith('image/')) return NOT_A_PICTURE;
  return null;
}

type Owned = Pick<AppState, 'answers' | 'answer' | 'myPrompts' | 'offline'>;

/**
 * SPEC §4 sign-up and login success: every local answer and prompt (the current answer and the
 * offline record's too) takes the user's id and name.
 */
export function takeOwnership(state: Owned, userId: string, userName: string): Owned {
  const answer = (a: Answer): Answer => ({ ...a, user_id: userId, user_name: userName });
  const prompt = (p: PromptView): PromptView => ({ ...p, user_id: userId, user_name: userName });
  return {
    answers: state.answers.map(answer),
    answer: state.answer ? answer(state.answer) : null,
    myPrompts: state.myPrompts.map(prompt),
    offline: {
      ...state.offline,
      answered: state.offline.answered.map(answer),
      created: state.offline.created.map(prompt),
    },
  };
}

/** SPEC §6: the Admin link shows when the user's name is in the admin list (names are unique
 *  regardless of case on the server). */
export function isAdminName(admin: readonly AdminEntry[], name: string): boolean {
  const key = name.trim().toLowerCase();
  return key !== '' && admin.some((entry) => entry.name.trim().toLowerCase() === key);
}

/** SPEC §1 shared count: answers flagged shared. */
export function sharedCount(answers: readonly Pick<Answer, 'shared'>[]): number {
  return answers.filter((a) => a.shared).length;
}

/** The export's file name: muse-export-YYYY-MM-DD.json. */
export function exportFileName(today: CalendarDay): string {
  return `muse-export-${dayKey(today)}.json`;
}

/** Digits only, at most 4: what the passcode field keeps of what was typed or pasted. */
export function passcodeDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 4);
}

/** How long the tab may stay hidden before the passcode is asked again (decision 011). */
export const RELOCK_AFTER_MS = 5 * 60 * 1000;

export function shouldRelock(hiddenAt: number | null, now: number): boolean {
  return hiddenAt !== null && now - hiddenAt >= RELOCK_AFTER_MS;
}
