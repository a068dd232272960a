import { describe, expect, it } from 'vitest';
import { batchedPerTurn } from './turn-batch.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batchedPerTurn', () => {
  it('answers every call of one turn from one run, each call its own result', async () => {
    const runs: number[][] = [];
    const double = batchedPerTurn(async (_key: object, items: number[]) => {
      runs.push(items);
      return items.map((item) => item * 2);
    });
    const key = {};
    const results = await Promise.all([double(key, 1), double(key, 2), double(key, 3)]);
    expect(results).toEqual([2, 4, 6]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('runs each turn, and each key, on its own', async () => {
    const runs: { key: string; items: string[] }[] = [];
    const echo = batchedPerTurn(async (key: { name: string }, items: string[]) => {
      runs.push({ key: key.name, items });
      return items;
    });
    const [first, second] = [{ name: 'first' }, { name: 'second' }];
    const earlier = Promise.all([echo(first, 'a'), echo(second, 'b')]);
    await nextTurn();
    const later = echo(first, 'c');
    expect(await earlier).toEqual(['a', 'b']);
    expect(await later).toBe('c');
    expect(runs).toEqual([
      { key: 'first', items: ['a'] },
      { key: 'second', items: ['b'] },
      { key: 'first', items: ['c'] },
    ]);
  });

  it('fails every call of a failed run, and the next turn starts afresh', async () => {
    let fail = true;
    const flaky = batchedPerTurn(async (_key: object, items: number[]) => {
      if (fail) throw new Error('the database went away');
      return items;
    });
    const key = {};
    const failed = await Promise.allSettled([flaky(key, 1), flaky(key, 2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((failed[0] as PromiseRejectedResult).reason)).toContain('went away');
    fail = false;
    expect(await flaky(key, 3)).toBe(3);
  });

  it('refuses a run that answered a different number of results than it was asked', async () => {
    const short = batchedPerTurn(async (_key: object, items: number[]) => items.slice(1));
    const key = {};
    const settled = await Promise.allSettled([short(key, 1), short(key, 2)]);
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
