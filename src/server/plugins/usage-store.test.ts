import { describe, expect, it } from 'vitest';
import { createMemoryUsageStore } from './usage-store.ts';

describe('the in-memory usage store', () => {
  it('adds within a fixed window and starts over in the next one', async () => {
    const store = createMemoryUsageStore();
    const t0 = 1_000_000_040_000; // 20 s into a minute
    expect(await store.add('k', 5, 60_000, t0)).toEqual({ total: 5, resetInMs: 40_000 });
    expect((await store.add('k', 5, 60_000, t0 + 1_000)).total).toBe(10);
    expect((await store.add('other', 1, 60_000, t0)).total).toBe(1);
    expect((await store.add('k', 1, 3_600_000, t0)).total).toBe(1);
    expect(await store.add('k', 2, 60_000, t0 + 40_000)).toEqual({ total: 2, resetInMs: 60_000 });
  });
});
