import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { sameToken } from './metrics.ts';

// The metrics token is compared in constant time, whatever the guess's length (issue 34 point 6).
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

describe('sameToken', () => {
  it('tells the token from every other guess', () => {
    const token = 'a-metrics-token-for-the-scraper';
    expect(sameToken(token, token)).toBe(true);
    for (const guess of ['', 'a', `${token}x`, token.slice(0, -1), token.toUpperCase()]) {
      expect(sameToken(guess, token), guess).toBe(false);
    }
  });

  it('compares through timingSafeEqual on equal lengths, also for a guess of another length', () => {
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    const guesses = ['', 'short', 'a-metrics-token-for-the-scraper!', 'x'.repeat(500)];
    for (const guess of guesses) sameToken(guess, 'a-metrics-token-for-the-scraper');
    // Every guess reached the constant-time comparison: none was turned away by its length.
    expect(compare).toHaveBeenCalledTimes(guesses.length);
    for (const [a, b] of compare.mock.calls) {
      expect((a as Buffer).length).toBe((b as Buffer).length);
    }
  });
});
