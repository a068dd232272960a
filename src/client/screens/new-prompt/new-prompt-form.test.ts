import { describe, expect, it } from 'vitest';
import { buildPrompt, toggleCategory } from './new-prompt-form.ts';

describe('toggleCategory', () => {
  it('adds a category that is not picked and removes one that is', () => {
    expect(toggleCategory([], 'Life')).toEqual(['Life']);
    expect(toggleCategory(['Life', 'Work'], 'Life')).toEqual(['Work']);
    expect(toggleCategory(toggleCategory(['Work'], 'Self'), 'Self')).toEqual(['Work']);
  });
});

describe('buildPrompt', () => {
  it('is a submitted paragraph prompt by the user, trimmed, categories in screen order', () => {
    const prompt = buildPrompt({
      id: 'p1',
      title: '  What made you laugh today?  ',
      categories: ['Work', 'Gratitude'],
      order: ['Gratitude', 'Growth', 'Work'],
      user: { _id: 'u1', name: 'Alice' },
      now: new Date('2026-03-05T10:00:00.000Z'),
    });
    expect(prompt).toEqual({
      _id: 'p1',
      user_id: 'u1',
      user_name: 'Alice',
      created: '2026-03-05T10:00:00.000Z',
      title: 'What made you laugh today?',
      type: 'paragraph',
      categories: ['Gratitude', 'Work'],
      status: 'submitted',
    });
  });

  it('keeps a picked category the list no longer has', () => {
    const prompt = buildPrompt({
      id: 'p1',
      title: 'Why?',
      categories: ['Gone', 'Work'],
      order: ['Work'],
      user: { _id: 'u1', name: 'Alice' },
      now: new Date(),
    });
    expect(prompt.categories).toEqual(['Work', 'Gone']);
  });
});
