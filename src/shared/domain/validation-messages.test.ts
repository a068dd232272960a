import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  isValidEmail,
  isValidPasscode,
  type LoginForm,
  loginFormError,
  MESSAGES,
  newPromptError,
} from './validation-messages.ts';

const signIn = (name: string, password: string): LoginForm => ({
  login: true,
  name,
  email: '',
  password,
});
const signUp = (name: string, email: string, password: string): LoginForm => ({
  login: false,
  name,
  email,
  password,
});

describe('loginFormError — sign in', () => {
  it.each([
    ['', '', 'Please enter your name/email and password'],
    ['  ', '\t', 'Please enter your name/email and password'],
    ['', 'secret', 'Please enter your name or email'],
    ['ada', '', 'Please enter your password'],
    ['ada', '   ', 'Please enter your password'],
  ])('name %j, password %j → %s', (name, password, message) => {
    expect(loginFormError(signIn(name, password))).toBe(message);
    expect(canSubmitLogin(signIn(name, password))).toBe(false);
  });

  it('accepts a name or an e-mail with a password, ignoring the e-mail field', () => {
    expect(loginFormError(signIn('ada', 'secret'))).toBeNull();
    expect(loginFormError(signIn('ada@example.com', 'secret'))).toBeNull();
    expect(loginFormError({ ...signIn('ada', 'secret'), email: 'not valid' })).toBeNull();
    expect(canSubmitLogin(signIn('ada', 'secret'))).toBe(true);
  });
});

describe('loginFormError — sign up', () => {
  it.each([
    ['', '', '', 'Please enter your name, email, and password'],
    [' ', ' ', ' ', 'Please enter your name, email, and password'],
    ['', 'a@b.co', 'pw', 'Please enter your name'],
    ['', '', 'pw', 'Please enter your name'],
    ['', 'a@b.co', '', 'Please enter your name'],
    ['ada', '', '', 'Please enter your email'],
    ['ada', '', 'pw', 'Please enter your email'],
    ['ada', 'a@b.co', '', 'Please enter your password'],
    ['ada', 'not-an-email', '', 'Please enter your password'], // missing before invalid
    ['ada', 'not-an-email', 'pw', 'Please enter your valid email'],
  ])('name %j, email %j, password %j → %s', (name, email, password, message) => {
    expect(loginFormError(signUp(name, email, password))).toBe(message);
    expect(canSubmitLogin(signUp(name, email, password))).toBe(false);
  });

  it('accepts a complete form with a valid e-mail', () => {
    expect(loginFormError(signUp('ada', 'ada@example.com', 'pw'))).toBeNull();
    expect(loginFormError(signUp('ada', ' ada@example.com ', 'pw'))).toBeNull();
    expect(canSubmitLogin(signUp('ada', 'ada@example.com', 'pw'))).toBe(true);
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'Ada.Lovelace+muse@mail.example.org', 'ü@exämple.de'])('accepts %s', (s) => {
    expect(isValidEmail(s)).toBe(true);
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@example.',
    'ada@.com',
    'ada@exa..com',
    'ada lovelace@example.com',
    'ada@@example.com',
    ' ada@example.com',
    `${'a'.repeat(250)}@b.co`,
  ])('rejects %j', (s) => {
    expect(isValidEmail(s)).toBe(false);
  });
});

describe('newPromptError', () => {
  it('asks for a prompt first, then categories', () => {
    expect(newPromptError({ title: '', categories: [] })).toBe('Please add a prompt');
    expect(newPromptError({ title: '  \n', categories: ['Life'] })).toBe('Please add a prompt');
    expect(newPromptError({ title: 'What made you smile?', categories: [] })).toBe(
      'Please select some categories',
    );
    expect(newPromptError({ title: 'What made you smile?', categories: ['Life'] })).toBeNull();
  });
});

describe('isValidPasscode', () => {
  it('accepts exactly four ASCII digits', () => {
    expect(isValidPasscode('0042')).toBe(true);
    expect(isValidPasscode('123')).toBe(false);
    expect(isValidPasscode('12345')).toBe(false);
    expect(isValidPasscode('12a4')).toBe(false);
    expect(isValidPasscode(' 1234')).toBe(false);
    expect(isValidPasscode('١٢٣٤')).toBe(false); // Arabic-Indic digits
  });
});

describe('MESSAGES', () => {
  it('carries the SPEC §8 catalogue and statuses word for word', () => {
    const all: string[] = Object.values(MESSAGES);
    for (const text of [
      'Sorry, no internet connection',
      'Sorry, name or email is taken',
      'Sorry, password does not match',
      'Passcode does not match',
      'Answer saved',
      'Logged in',
      'Account created',
      'Success',
      'Answer shared Anonymously',
      'Answer shared successfully',
    ]) {
      expect(all).toContain(text);
    }
    expect(new Set(all).size).toBe(all.length);
  });
});
