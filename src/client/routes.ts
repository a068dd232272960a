// Every client path in one place (SPEC §2).
export const paths = {
  categories: '/',
  home: '/home',
  answer: '/answer',
  answerToday: '/answer/today',
  journal: '/answer/journal',
  answerSettings: '/answerSettings',
  streak: '/streak',
  login: '/login',
  userProfile: '/userProfile',
  userSettings: '/userSettings',
  past: '/past',
  newPrompt: '/newPrompt',
  world: '/world',
  shared: '/shared',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  stop: '/stop',
  admin: '/admin',
  managePrompts: '/managePrompts',
  editPrompt: '/editPrompt',
  newAdminPrompt: '/newAdminPrompt',
  submittedPrompts: '/submittedPrompts',
  reported: '/reported',
  // Ways back in (decision 014): not in the SPEC's route table.
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

/** The route patterns beyond the exact paths (router.tsx): prefixes and addresses with ids. */
export const routePatterns = {
  /** /answer/a/{answerId}: one of the user's answers at its own address (decision 015). */
  answerById: `${paths.answer}/a/:answerId/*`,
  /** /answer, /answer/today, /answer/journal, /answer/journal/{answerId}, /answer/{promptId}. */
  answerAny: `${paths.answer}/*`,
  /** /read/{answerId}: one of the user's answers, to read (issue 35; not in the SPEC's table). */
  read: '/read/:answerId',
  /** /user/{userId} (prefix match). */
  otherUser: '/user/:userId/*',
  notFound: '*',
} as const;

/** /answer/journal/{answerId}: one journal entry (SPEC §2, prefix match). */
export function journalEntryPath(answerId: string): string {
  return `${paths.journal}/${encodeURIComponent(answerId)}`;
}

/** /editPrompt?prompt={promptId}: the route is exact (SPEC §2), so the prompt rides in the query. */
export function editPromptPath(promptId: string): string {
  return `${paths.editPrompt}?prompt=${encodeURIComponent(promptId)}`;
}

/** /world?prompt={promptId}: how others answered one prompt (decision 023). */
export function promptWorldPath(promptId: string): string {
  return `${paths.world}?prompt=${encodeURIComponent(promptId)}`;
}

/** /past?day=YYYY-MM-DD: My answers written on one day (the heat-map and the calendar). */
export function pastDayPath(dayKey: string): string {
  return `${paths.past}?day=${encodeURIComponent(dayKey)}`;
}

/** /answer/{promptId}: answer a given prompt. */
export function promptPath(promptId: string): string {
  return `${paths.answer}/${encodeURIComponent(promptId)}`;
}

/**
 * /answer/a/{answerId}: one of the user's own answers at its own address, to edit and save
 * (decision 015). Not in the SPEC's table; 'a' cannot be a prompt id's whole path segment
 * without colliding, so prompt ids of one letter 'a' would be shadowed (ours are 32 hex).
 */
export function answerPath(answerId: string): string {
  return `${paths.answer}/a/${encodeURIComponent(answerId)}`;
}

/**
 * /read/{answerId}: one of the user's own answers rendered to read, Edit one tap away. Not in
 * the SPEC's table: the SPEC's /answer/… addresses keep opening the editor.
 */
export function readPath(answerId: string): string {
  return `/read/${encodeURIComponent(answerId)}`;
}

/** /user/{userId}: another user's public profile. */
export function userPath(userId: string): string {
  return `/user/${encodeURIComponent(userId)}`;
}

/** /login in sign-up mode (SPEC §4 Share modal: sharing needs a named user). */
export const signUpPath = `${paths.login}?mode=signup`;

/** /answer?category={name}: a random prompt from a category (the categories screen's tiles). */
export function categoryPath(category: string): string {
  return `${paths.answer}?category=${encodeURIComponent(category)}`;
}

/** /login after "Forgot passcode?": the password login there removes the passcode. */
export const forgottenPasscodeLoginPath = `${paths.login}?passcode=forgotten`;
