import { describe, expect, it } from 'vitest';
import { buildAnswer, buildPrompt } from '#client/test-support/fixtures.ts';
import { emptyOfflineRecord } from '../store/app-state.ts';
import { recordOffline } from './offline-fallback.ts';

describe('recordOffline', () => {
  it('keeps the latest version of an answer saved offline', () => {
    const first = buildAnswer({ text: 'one' });
    const again = { ...first, text: 'one two' };
    let record = recordOffline(emptyOfflineRecord(), { kind: 'answer-save', answer: first });
    record = recordOffline(record, { kind: 'answer-save', answer: again });
    expect(record.beenOffline).toBe(true);
    expect(record.answered).toEqual([again]);
  });

  it('records a delete once and forgets an unsent save of the same answer', () => {
    const answer = buildAnswer();
    let record = recordOffline(emptyOfflineRecord(), { kind: 'answer-save', answer });
    record = recordOffline(record, { kind: 'answer-delete', answerId: answer._id });
    record = recordOffline(record, { kind: 'answer-delete', answerId: answer._id });
    expect(record.answered).toEqual([]);
    expect(record.deleted).toEqual([answer._id]);
  });

  it('records created prompts and the streak', () => {
    const prompt = buildPrompt({ status: 'submitted' });
    let record = recordOffline(emptyOfflineRecord(), { kind: 'prompt-create', prompt });
    record = recordOffline(record, {
      kind: 'streak',
      fields: { streak: 3, longestStreak: 5, score: 9, last: '2026-03-05' },
    });
    expect(record.created).toEqual([prompt]);
    expect(record).toMatchObject({ streak: 3, longestStreak: 5, score: 9, last: '2026-03-05' });
  });
});
