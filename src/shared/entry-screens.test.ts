import { describe, expect, it } from 'vitest';
import { entryScreenOf } from './entry-screens.ts';

describe('entry screens', () => {
  it('finds the screen of each entry address, and none for the others', () => {
    expect(entryScreenOf('/')).toBe('screens/categories/categories-screen.tsx');
    expect(entryScreenOf('/home')).toBe('screens/home/home-screen.tsx');
    expect(entryScreenOf('/answer/today')).toBe('screens/answer/answer-screen.tsx');
    expect(entryScreenOf('/answer')).toBe('screens/answer/answer-screen.tsx');
    expect(entryScreenOf('/answer/a/123')).toBe('screens/answer/answer-by-id-screen.tsx');
    expect(entryScreenOf('/answerSettings')).toBeUndefined();
    expect(entryScreenOf('/homework')).toBeUndefined();
    expect(entryScreenOf('/about')).toBeUndefined();
  });
});
