import { describe, expect, it } from 'vitest';
import { buildAnswer } from '../test-support/fixtures.ts';
import { isDraftChanged } from './answer-draft.ts';

describe('isDraftChanged (SPEC §4: save only when the text changed)', () => {
  it('is false without a current answer', () => {
    expect(isDraftChanged({ answer: null, answers: [] })).toBe(false);
  });

  it('compares a saved answer with its saved text', () => {
    const saved = buildAnswer({ text: 'First thoughts' });
    expect(isDraftChanged({ answer: saved, answers: [saved] })).toBe(false);
    const edited = { ...saved, text: 'First thoughts, then more' };
    expect(isDraftChanged({ answer: edited, answers: [saved] })).toBe(true);
    // Clearing a saved answer is a change too: the user meant it.
    expect(isDraftChanged({ answer: { ...saved, text: '' }, answers: [saved] })).toBe(true);
  });

  it('counts a new answer as changed only once it holds more than blank space', () => {
    const fresh = buildAnswer({ text: '' });
    expect(isDraftChanged({ answer: fresh, answers: [] })).toBe(false);
    expect(isDraftChanged({ answer: { ...fresh, text: ' \n ' }, answers: [] })).toBe(false);
    expect(isDraftChanged({ answer: { ...fresh, text: 'Hi' }, answers: [] })).toBe(true);
  });
});
