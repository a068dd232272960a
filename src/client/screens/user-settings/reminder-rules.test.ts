import { describe, expect, it } from 'vitest';
import { keyBytes, parseDraft, pushBlockOf, reminderFailure } from './reminder-rules.ts';

describe('reminder form rules', () => {
  it('starts at 20:30 every day in the browser zone, off', () => {
    expect(parseDraft(null, 'Europe/Paris')).toEqual({
      on: false,
      time: '20:30',
      days: [0, 1, 2, 3, 4, 5, 6],
      timeZone: 'Europe/Paris',
    });
  });

  it('keeps what was saved and drops what makes no sense', () => {
    const saved = JSON.stringify({ on: true, time: '07:15', days: [5, 1, 1, 9], timeZone: 'UTC' });
    expect(parseDraft(saved, 'Europe/Paris')).toEqual({
      on: true,
      time: '07:15',
      days: [1, 5],
      timeZone: 'UTC',
    });
    expect(parseDraft('{not json', 'UTC').time).toBe('20:30');
  });

  it('decodes a base64url key', () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it("says when the browser's push service is not one Müse sends to", () => {
    const refused = 'subscription.endpoint: is not a push service Müse sends to (https on …)';
    expect(reminderFailure(400, refused)).toContain('add the event to your calendar instead');
    expect(reminderFailure(429, 'Try again in a moment')).toBe('Try again in a moment');
    expect(reminderFailure(0, '')).toContain('No connection');
    expect(reminderFailure(500, 'boom')).toBe('The reminder could not be set. Please try again.');
  });

  it('knows up front where push cannot work (issue 35): the calendar event instead', () => {
    const desktop = { push: true, apple: false, installed: false, permission: 'default' };
    expect(pushBlockOf(desktop)).toBeNull();
    expect(pushBlockOf({ ...desktop, push: false })).toBe('no-push');
    expect(pushBlockOf({ ...desktop, permission: 'denied' })).toBe('denied');
    // An iPhone tab, push or not; the same iPhone with Müse on its Home Screen may push.
    expect(pushBlockOf({ ...desktop, apple: true })).toBe('ios-tab');
    expect(pushBlockOf({ ...desktop, push: false, apple: true })).toBe('ios-tab');
    expect(pushBlockOf({ ...desktop, apple: true, installed: true })).toBeNull();
  });
});
