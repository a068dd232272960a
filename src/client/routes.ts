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
} as const;

/** /answer/{promptId}: answer a given prompt. */
export function promptPath(promptId: string): string {
  return `${paths.answer}/${encodeURIComponent(promptId)}`;
}

/** /answer/journal/{answerId}: open a journal answer. */
export function journalAnswerPath(answerId: string): string {
  return `${paths.journal}/${encodeURIComponent(answerId)}`;
}

/** /answer?category={name}: a random prompt from a category (the categories screen's tiles). */
export function categoryPath(category: string): string {
  return `${paths.answer}?category=${encodeURIComponent(category)}`;
}
