import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/api/call.ts';
import { getState } from '../store/app-store.ts';
import {
  noteRetryLater,
  onRetryAfterPressure,
  SERVER_COULD_NOT_SAVE,
  WRITING_TOO_FAST,
} from './write-pressure.ts';

describe('a write refused for now', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says so calmly and retries once, when the server said', () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    onRetryAfterPressure(retry);
    expect(noteRetryLater(new ApiError(429, 'slow down', 3))).toBe(true);
    expect(getState().status).toMatchObject({ message: WRITING_TOO_FAST, warning: false });
    // A second refusal while waiting does not stack another retry.
    expect(noteRetryLater(new ApiError(429, 'slow down', 1))).toBe(true);
    vi.advanceTimersByTime(2_999);
    expect(retry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says the words are kept when the server cannot save, and retries when it said', () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    onRetryAfterPressure(retry);
    expect(noteRetryLater(new ApiError(503, 'disk full', 30))).toBe(true);
    expect(getState().status).toMatchObject({ message: SERVER_COULD_NOT_SAVE, warning: false });
    vi.advanceTimersByTime(29_999);
    expect(retry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('leaves every other failure alone', () => {
    expect(noteRetryLater(new ApiError(0, 'offline'))).toBe(false);
    expect(noteRetryLater(new ApiError(500, 'oops'))).toBe(false);
    expect(noteRetryLater(new Error('x'))).toBe(false);
  });
});
