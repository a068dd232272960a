import { describe, expect, it } from 'vitest';
import { clientTimeOrNow, isNewer, parseIsoTimestamp } from './answer-timestamps.ts';

describe('parseIsoTimestamp', () => {
  it('normalises valid ISO dates and date-times to UTC', () => {
    expect(parseIsoTimestamp('2024-03-05T10:20:30.123Z')).toBe('2024-03-05T10:20:30.123Z');
    expect(parseIsoTimestamp('2024-03-05T23:00:00-05:00')).toBe('2024-03-06T04:00:00.000Z');
    expect(parseIsoTimestamp('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('refuses malformed and impossible values', () => {
    for (const bad of [
      '',
      'yesterday',
      '2023-02-29',
      '2024-02-30T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:00:00', // no zone: whose 10 o'clock?
      '1700000000000',
      null,
      undefined,
    ]) {
      expect(parseIsoTimestamp(bad)).toBeNull();
    }
  });
});

describe('clientTimeOrNow', () => {
  const now = new Date('2024-06-01T12:00:00.000Z');

  it('keeps a past client time, and now itself', () => {
    expect(clientTimeOrNow('2020-01-01T00:00:00.000Z', now)).toBe('2020-01-01T00:00:00.000Z');
    expect(clientTimeOrNow(now.toISOString(), now)).toBe(now.toISOString());
  });

  it('clamps any time ahead of the server to now, and uses now for invalid values', () => {
    expect(clientTimeOrNow('nonsense', now)).toBe(now.toISOString());
    expect(clientTimeOrNow(undefined, now)).toBe(now.toISOString());
    expect(clientTimeOrNow('2024-06-01T12:00:00.001Z', now)).toBe(now.toISOString());
    expect(clientTimeOrNow('2024-06-02T11:00:00.000Z', now)).toBe(now.toISOString());
    expect(clientTimeOrNow('2999-01-01T00:00:00.000Z', now)).toBe(now.toISOString());
  });
});

describe('isNewer', () => {
  it('is strict', () => {
    expect(isNewer('2024-01-02T00:00:00.000Z', '2024-01-01T00:00:00.000Z')).toBe(true);
    expect(isNewer('2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')).toBe(false);
    expect(isNewer('2023-12-31T00:00:00.000Z', '2024-01-01T00:00:00.000Z')).toBe(false);
  });

  it('lets anything replace an unparseable stored time', () => {
    expect(isNewer('2024-01-01T00:00:00.000Z', 'garbage')).toBe(true);
  });
});
