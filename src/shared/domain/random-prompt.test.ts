import { describe, expect, it } from 'vitest';
import {
  MIN_FRESH_CANDIDATES,
  type PickablePrompt,
  type PickRandomPromptInput,
  pickRandomPrompt,
  promptPool,
} from './random-prompt.ts';

type TestPrompt = PickablePrompt & { title: string };

const prompt = (id: string, ...categories: string[]): TestPrompt => ({
  _id: id,
  categories,
  title: `Prompt ${id}`,
});
const many = (prefix: string, n: number, ...categories: string[]) =>
  Array.from({ length: n }, (_, i) => prompt(`${prefix}${i}`, ...categories));

const base = (overrides: Partial<PickRandomPromptInput<TestPrompt>>) => ({
  prompts: [],
  currentId: null,
  seenIds: [],
  answeredPromptIds: [],
  category: null,
  ownPrompts: [],
  ...overrides,
});

/** Every id pickRandomPrompt can return for this input, found by sweeping `random`. */
function reachable(input: Omit<PickRandomPromptInput<TestPrompt>, 'random'>): Set<string | null> {
  const ids = new Set<string | null>();
  for (let i = 0; i < 1000; i++) {
    ids.add(pickRandomPrompt({ ...input, random: () => i / 1000 })?._id ?? null);
  }
  return ids;
}

describe('pickRandomPrompt', () => {
  it('returns null for an empty pool', () => {
    expect(pickRandomPrompt(base({}))).toBeNull();
    expect(pickRandomPrompt(base({ prompts: [prompt('a', 'Work')], category: 'Life' }))).toBeNull();
  });

  it('uses the injected random to choose', () => {
    const prompts = many('p', 4);
    expect(pickRandomPrompt(base({ prompts, random: () => 0 }))?._id).toBe('p0');
    expect(pickRandomPrompt(base({ prompts, random: () => 0.99 }))?._id).toBe('p3');
    // Out-of-contract 1 still returns a prompt.
    expect(pickRandomPrompt(base({ prompts, random: () => 1 }))?._id).toBe('p3');
  });

  it('never returns the current prompt while there is another', () => {
    const prompts = many('p', 3);
    expect(reachable(base({ prompts, currentId: 'p1' }))).toEqual(new Set(['p0', 'p2']));
  });

  it('returns the current prompt when it is the whole pool', () => {
    expect(pickRandomPrompt(base({ prompts: [prompt('only')], currentId: 'only' }))?._id).toBe(
      'only',
    );
  });

  it('excludes seen and answered prompts while 10 or more fresh ones remain', () => {
    const prompts = many('p', 13);
    const ids = reachable(
      base({ prompts, currentId: 'p0', seenIds: ['p1'], answeredPromptIds: ['p2'] }),
    );
    expect(ids.size).toBe(MIN_FRESH_CANDIDATES);
    expect(ids.has('p0')).toBe(false);
    expect(ids.has('p1')).toBe(false);
    expect(ids.has('p2')).toBe(false);
  });

  it('drops the seen and answered filters when fewer than 10 fresh remain', () => {
    const prompts = many('p', 12);
    const ids = reachable(
      base({ prompts, currentId: 'p0', seenIds: ['p1', 'p2'], answeredPromptIds: ['p3'] }),
    );
    // 8 fresh < 10, so every prompt but the current one is back in.
    expect(ids).toEqual(new Set(prompts.map((p) => p._id).filter((id) => id !== 'p0')));
  });

  it('falls back even when every prompt was seen', () => {
    const prompts = many('p', 3);
    const ids = reachable(base({ prompts, seenIds: ['p0', 'p1', 'p2'] }));
    expect(ids).toEqual(new Set(['p0', 'p1', 'p2']));
  });

  it('chooses only among the picked category', () => {
    const prompts = [
      ...many('work', 3, 'Work'),
      ...many('life', 3, 'Life'),
      prompt('both', 'Work', 'Life'),
    ];
    expect(reachable(base({ prompts, category: 'Life' }))).toEqual(
      new Set(['life0', 'life1', 'life2', 'both']),
    );
  });

  it('counts the 10 within the category, not the whole pool', () => {
    const prompts = [...many('work', 20, 'Work'), ...many('life', 12, 'Life')];
    const seen = reachable(
      base({ prompts, category: 'Life', seenIds: ['life0', 'life1', 'life2'] }),
    );
    // 9 fresh Life prompts < 10: the seen Life prompts come back, Work never appears.
    expect(seen).toEqual(new Set(many('life', 12).map((p) => p._id)));
  });

  it('treats null and pseudo-categories as every category', () => {
    const prompts = [prompt('w', 'Work'), prompt('l', 'Life')];
    const all = new Set(['w', 'l']);
    expect(reachable(base({ prompts, category: null }))).toEqual(all);
    expect(reachable(base({ prompts, category: 'All prompts' }))).toEqual(all);
  });

  it("adds the user's own prompts to the pool, in its category", () => {
    const ids = reachable(
      base({
        prompts: [prompt('approved', 'Self')],
        ownPrompts: [prompt('mine', 'Self'), prompt('other', 'Work')],
        category: 'Self',
      }),
    );
    expect(ids).toEqual(new Set(['approved', 'mine']));
  });
});

describe('promptPool', () => {
  it('deduplicates by _id, keeping the approved copy', () => {
    const approved = { ...prompt('x', 'Life'), title: 'approved' };
    const own = { ...prompt('x', 'Life'), title: 'own' };
    const pool = promptPool([approved], [own, prompt('y')], null);
    expect(pool.map((p) => p.title)).toEqual(['approved', 'Prompt y']);
  });
});
