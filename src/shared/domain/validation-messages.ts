/** Every user-facing message of SPEC §4, §5 and §8, word for word. */
export const MESSAGES = {
  // SPEC §5 sign in
  signInNameAndPassword: 'Please enter your name/email and password',
  signInName: 'Please enter your name or email',
  // SPEC §5 sign up
  signUpAll: 'Please enter your name, email, and password',
  signUpName: 'Please enter your name',
  signUpEmail: 'Please enter your email',
  invalidEmail: 'Please enter your valid email',
  // SPEC §5 both forms
  password: 'Please enter your password',
  // SPEC §5 new prompt
  promptTitle: 'Please add a prompt',
  promptCategories: 'Please select some categories',
  // SPEC §8 errors
  noConnection: 'Sorry, no internet connection',
  nameOrEmailTaken: 'Sorry, name or email is taken',
  passwordMismatch: 'Sorry, password does not match',
  passcodeMismatch: 'Passcode does not match',
  // SPEC §4 and §8 statuses
  answerSaved: 'Answer saved',
  loggedIn: 'Logged in',
  accountCreated: 'Account created',
  success: 'Success',
  sharedAnonymously: 'Answer shared Anonymously',
  sharedSuccessfully: 'Answer shared successfully',
} as const;

export type Message = (typeof MESSAGES)[keyof typeof MESSAGES];

/** SPEC §3 login form. In sign-in mode `name` holds a name or an e-mail and `email` is unused. */
export type LoginForm = { login: boolean; name: string; email: string; password: string };

const missing = (s: string) => s.trim() === '';

// Pragmatic, not RFC 5322: something@label(.label)+, no spaces, no empty labels, ≤ 254 chars.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;

export function isValidEmail(s: string): boolean {
  return s.length <= 254 && EMAIL.test(s);
}

/**
 * SPEC §5: the first message that applies, in the spec's order, or null when the form can be
 * sent. Whitespace-only counts as missing; the e-mail is checked trimmed, so callers should
 * send trimmed values.
 */
export function loginFormError(form: LoginForm): string | null {
  const name = missing(form.name);
  const password = missing(form.password);
  if (form.login) {
    if (name && password) return MESSAGES.signInNameAndPassword;
    if (name) return MESSAGES.signInName;
    if (password) return MESSAGES.password;
    return null;
  }
  const email = missing(form.email);
  if (name && email && password) return MESSAGES.signUpAll;
  if (name) return MESSAGES.signUpName;
  if (email) return MESSAGES.signUpEmail;
  if (password) return MESSAGES.password;
  if (!isValidEmail(form.email.trim())) return MESSAGES.invalidEmail;
  return null;
}

/** SPEC §5: submit is active only when the needed fields are filled (and the e-mail valid). */
export function canSubmitLogin(form: LoginForm): boolean {
  return loginFormError(form) === null;
}

/** SPEC §5 'Add a prompt'. */
export function newPromptError(prompt: {
  title: string;
  categories: readonly string[];
}): string | null {
  if (missing(prompt.title)) return MESSAGES.promptTitle;
  if (prompt.categories.length === 0) return MESSAGES.promptCategories;
  return null;
}

/** SPEC §5/§9: exactly 4 ASCII digits. */
export function isValidPasscode(code: string): boolean {
  return /^[0-9]{4}$/.test(code);
}
