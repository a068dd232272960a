import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/api/call.ts';
import { buildAnswer, buildPrompt } from '#client/test-support/fixtures.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { emptyOfflineRecord } from '../store/app-state.ts';
import {
  accountErrorMessage,
  editUserProblem,
  exportFileName,
  fieldOfProblem,
  isAdminName,
  loginProblem,
  MAX_PICTURE_BYTES,
  NOT_A_PICTURE,
  PASSWORD_TOO_SHORT,
  PICTURE_TOO_BIG,
  passcodeDigits,
  pictureErrorMessage,
  pictureFileProblem,
  RELOCK_AFTER_MS,
  sharedCount,
  shouldRelock,
  takeOwnership,
  typedAccountField,
} from './account-rules.ts';

const signUp = (name: string, email: string, password: string) => ({
  login: false,
  name,
  email,
  password,
});

describe('loginProblem', () => {
  it('gives the SPEC §5 sign-in messages in order', () => {
    const form = { login: true, name: '', email: '', password: '' };
    expect(loginProblem(form)).toBe(MESSAGES.signInNameAndPassword);
    expect(loginProblem({ ...form, password: 'x' })).toBe(MESSAGES.signInName);
    expect(loginProblem({ ...form, name: 'Ada' })).toBe(MESSAGES.password);
    // Sign-in has no length rule: an old short password must still be accepted.
    expect(loginProblem({ ...form, name: ' Ada ', password: 'x' })).toBeNull();
  });

  it('gives the SPEC §5 sign-up messages in order, then the server rules', () => {
    expect(loginProblem(signUp('', '', ''))).toBe(MESSAGES.signUpAll);
    expect(loginProblem(signUp('', 'a@b.co', 'long enough'))).toBe(MESSAGES.signUpName);
    expect(loginProblem(signUp('Ada', '', 'long enough'))).toBe(MESSAGES.signUpEmail);
    expect(loginProblem(signUp('Ada', 'a@b.co', ''))).toBe(MESSAGES.password);
    expect(loginProblem(signUp('Ada', 'a@b', 'long enough'))).toBe(MESSAGES.invalidEmail);
    expect(loginProblem(signUp('a@b', 'a@b.co', 'long enough'))).toBe('Names cannot contain @');
    expect(loginProblem(signUp('Ada', 'a@b.co', 'short'))).toBe(PASSWORD_TOO_SHORT);
    expect(loginProblem(signUp(' Ada ', ' a@b.co ', 'long enough'))).toBeNull();
  });

  it('names the field each message is about', () => {
    expect(fieldOfProblem(MESSAGES.signUpAll)).toBe('name');
    expect(fieldOfProblem(MESSAGES.invalidEmail)).toBe('email');
    expect(fieldOfProblem(PASSWORD_TOO_SHORT)).toBe('password');
  });
});

describe('editUserProblem', () => {
  it('needs a name without @ and a valid e-mail', () => {
    expect(editUserProblem({ name: ' ', email: 'a@b.co' })).toBe(MESSAGES.signUpName);
    expect(editUserProblem({ name: 'Ada', email: '' })).toBe(MESSAGES.signUpEmail);
    expect(editUserProblem({ name: 'Ada', email: 'nope' })).toBe(MESSAGES.invalidEmail);
    expect(editUserProblem({ name: 'Ada', email: 'a@b.co' })).toBeNull();
  });
});

describe('accountErrorMessage', () => {
  it('uses the SPEC §8 wording', () => {
    expect(accountErrorMessage('signup', new ApiError(409, 'x'))).toBe(MESSAGES.nameOrEmailTaken);
    expect(accountErrorMessage('update', new ApiError(409, 'x'))).toBe(MESSAGES.nameOrEmailTaken);
    // Issue 35: the server's note on which one is taken, after SPEC §8's words.
    const which = `${MESSAGES.nameOrEmailTaken}: this email already has an account`;
    expect(accountErrorMessage('signup', new ApiError(409, which))).toBe(which);
    expect(accountErrorMessage('update', new ApiError(409, which))).toBe(which);
    expect(accountErrorMessage('login', new ApiError(401, 'x'))).toBe(MESSAGES.passwordMismatch);
    for (const kind of ['signup', 'login', 'update'] as const) {
      expect(accountErrorMessage(kind, new ApiError(0, 'Failed to fetch'))).toBe(
        MESSAGES.noConnection,
      );
    }
  });

  it("passes on the server's reason for a refused request and the login throttle", () => {
    expect(accountErrorMessage('signup', new ApiError(400, 'user.name: Names are short'))).toBe(
      'Names are short',
    );
    expect(accountErrorMessage('login', new ApiError(429, 'Too many failed logins'))).toBe(
      'Too many failed logins',
    );
  });
});

describe('pictures', () => {
  it('refuses more than 104857600 bytes and obvious non-images before uploading', () => {
    expect(pictureFileProblem({ size: MAX_PICTURE_BYTES, type: 'image/png' })).toBeNull();
    expect(pictureFileProblem({ size: MAX_PICTURE_BYTES + 1, type: 'image/png' })).toBe(
      PICTURE_TOO_BIG,
    );
    expect(pictureFileProblem({ size: 10, type: 'application/pdf' })).toBe(NOT_A_PICTURE);
    // No type known: the server sniffs the bytes.
    expect(pictureFileProblem({ size: 10, type: '' })).toBeNull();
  });

  it('words upload failures', () => {
    expect(pictureErrorMessage(new ApiError(413, 'x'))).toBe(PICTURE_TOO_BIG);
    expect(pictureErrorMessage(new ApiError(415, 'That file is not a picture'))).toBe(
      'That file is not a picture',
    );
    expect(pictureErrorMessage(new ApiError(0, 'x'))).toBe(MESSAGES.noConnection);
  });
});

describe('takeOwnership', () => {
  it('gives every local answer and prompt, offline ones too, the new id and name', () => {
    const answer = buildAnswer({ user_id: 'anon', user_name: '' });
    const prompt = buildPrompt({ user_id: 'anon', status: 'submitted' });
    const offline = { ...emptyOfflineRecord(), answered: [answer], created: [prompt] };
    const owned = takeOwnership(
      { answers: [answer], answer, myPrompts: [prompt], offline },
      'acc',
      'Ada',
    );
    expect(owned.answers.map((a) => [a._id, a.user_id, a.user_name])).toEqual([
      [answer._id, 'acc', 'Ada'],
    ]);
    expect(owned.answer?.user_name).toBe('Ada');
    expect(owned.myPrompts[0]?.user_id).toBe('acc');
    expect(owned.offline.answered[0]?.user_id).toBe('acc');
    expect(owned.offline.created[0]?.user_name).toBe('Ada');
  });
});

describe('small rules', () => {
  it('finds admins by name regardless of case, never for an empty name', () => {
    expect(isAdminName([{ name: 'Ada' }], 'ada')).toBe(true);
    expect(isAdminName([{ name: 'Ada' }], 'Bob')).toBe(false);
    expect(isAdminName([{ name: '' }], '')).toBe(false);
  });

  it('counts shared answers', () => {
    expect(sharedCount([{ shared: true }, { shared: false }, { shared: true }])).toBe(2);
  });

  it('names the export by day', () => {
    expect(exportFileName({ year: 2026, month: 3, day: 5 })).toBe('muse-export-2026-03-05.json');
  });

  it('keeps 4 digits of what is typed', () => {
    expect(passcodeDigits('12a3 45')).toBe('1234');
  });

  it('asks for the passcode again after 5 minutes hidden', () => {
    expect(shouldRelock(null, 10)).toBe(false);
    expect(shouldRelock(0, RELOCK_AFTER_MS - 1)).toBe(false);
    expect(shouldRelock(0, RELOCK_AFTER_MS)).toBe(true);
  });
});

describe('typedAccountField (SPEC §5, issue 17 C)', () => {
  it('capitalises a name as typed at sign-up and in the settings', () => {
    expect(typedAccountField('name', 'ada', false)).toBe('Ada');
  });

  it('never capitalises an e-mail address, in any form', () => {
    expect(typedAccountField('email', 'ada@example.com', false)).toBe('ada@example.com');
    expect(typedAccountField('email', 'ada@example.com', true)).toBe('ada@example.com');
  });

  it('leaves the login form’s "Name or email" and any password as typed', () => {
    expect(typedAccountField('name', 'ada@example.com', true)).toBe('ada@example.com');
    expect(typedAccountField('name', 'ada', true)).toBe('ada');
    expect(typedAccountField('name', 'ada@example.com', false)).toBe('ada@example.com');
    expect(typedAccountField('password', 'secret words', false)).toBe('secret words');
  });
});
