import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { OwnUser } from '#shared/api/users.ts';

// Small builders for client unit tests: every call makes a distinct id.

let counter = 0;

export function buildAnswer(fields: Partial<Answer> = {}): Answer {
  counter += 1;
  return {
    _id: `a${counter}`,
    user_id: 'u1',
    user_name: '',
    prompt_id: `p${counter}`,
    prompt_title: `Prompt ${counter}`,
    answered: '2026-03-05T10:00:00.000Z',
    modified: '2026-03-05T10:00:00.000Z',
    text: '',
    type: 'paragraph',
    categories: [],
    shared: false,
    sharedOn: null,
    anonymous: false,
    likes: 0,
    likers: [],
    reported: false,
    score: 0,
    profilePicture: null,
    ...fields,
  };
}

export function buildPrompt(fields: Partial<PromptView> = {}): PromptView {
  counter += 1;
  return {
    _id: `p${counter}`,
    user_id: null,
    user_name: '',
    created: '2026-01-01T00:00:00.000Z',
    title: `Prompt ${counter}`,
    type: 'paragraph',
    categories: ['Life'],
    status: 'approved',
    ...fields,
  };
}

/** A user as `/api/user` answers: anonymous (name '') unless `fields` names them. */
export function buildUser(fields: Partial<OwnUser> = {}): OwnUser {
  counter += 1;
  return {
    _id: `user-${counter}-00000000000000`,
    name: '',
    email: '',
    profilePicture: '',
    created: [],
    answered: [],
    started: '2026-11-01',
    streak: 0,
    longestStreak: 0,
    score: 0,
    last: '2026-10-31',
    categories: [],
    code: null,
    old_id: '',
    encryption: false,
    ...fields,
  };
}
