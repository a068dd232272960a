import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/api/call.ts';
import { buildAnswer, buildPrompt } from '#client/test-support/fixtures.ts';
import {
  type AppState,
  emptyAdminData,
  initialPersistedState,
  initialTransientState,
  persistedPart,
} from '../store/app-state.ts';
import {
  ADMIN_PAGE_SIZE,
  adminErrorMessage,
  categoryChoices,
  hasNextPage,
  OFFLINE_ADMIN,
  searchPrompts,
  withPromptApproved,
  withPromptDeleted,
  withPromptEdited,
  withPromptRejected,
} from './admin-rules.ts';

const TODAY = { year: 2026, month: 3, day: 5 };

function state(fields: Partial<AppState> = {}): AppState {
  return { ...initialPersistedState(TODAY), ...initialTransientState(), ...fields };
}

describe('prompt transitions (SPEC §4)', () => {
  it('approval moves a prompt into approved prompts (first) and out of submitted', () => {
    const old = buildPrompt();
    const waiting = buildPrompt({ status: 'submitted' });
    const other = buildPrompt({ status: 'submitted' });
    const s = state({
      prompts: [old],
      myPrompts: [waiting],
      adminData: { ...emptyAdminData(), prompts: [waiting, other] },
    });
    const approved = { ...waiting, status: 'approved' as const };
    const next = withPromptApproved(s, approved);
    expect(next.prompts).toEqual([approved, old]);
    expect(next.adminData?.prompts).toEqual([other]);
    expect(next.myPrompts).toEqual([approved]);
  });

  it('rejection removes a prompt from submitted', () => {
    const waiting = buildPrompt({ status: 'submitted' });
    const s = state({ adminData: { ...emptyAdminData(), prompts: [waiting] } });
    const next = withPromptRejected(s, { ...waiting, status: 'rejected' });
    expect(next.adminData?.prompts).toEqual([]);
    expect(next.prompts).toEqual([]);
  });

  it('editing replaces a prompt everywhere and updates the current answer', () => {
    const prompt = buildPrompt({ title: 'Old words', categories: ['Life'] });
    const answer = buildAnswer({ prompt_id: prompt._id, prompt_title: 'Old words', text: 'Mine' });
    const s = state({ prompts: [prompt], myPrompts: [prompt], answer });
    const edited = { ...prompt, title: 'New words', categories: ['Work', 'Self'] };
    const next = withPromptEdited(s, edited);
    expect(next.prompts).toEqual([edited]);
    expect(next.myPrompts).toEqual([edited]);
    expect(next.answer).toEqual({
      ...answer,
      prompt_title: 'New words',
      categories: ['Work', 'Self'],
    });
    // Another prompt's answer is left alone.
    const elsewhere = buildAnswer();
    expect(withPromptEdited(state({ answer: elsewhere }), edited).answer).toBe(elsewhere);
  });

  it('deleting removes a prompt everywhere and clears the current answer for it', () => {
    const prompt = buildPrompt();
    const keep = buildPrompt();
    const answer = buildAnswer({ prompt_id: prompt._id });
    const s = state({
      prompts: [prompt, keep],
      myPrompts: [prompt],
      answer,
      adminData: { ...emptyAdminData(), prompts: [prompt] },
    });
    const next = withPromptDeleted(s, prompt._id);
    expect(next.prompts).toEqual([keep]);
    expect(next.myPrompts).toEqual([]);
    expect(next.adminData?.prompts).toEqual([]);
    expect(next.answer).toBeNull();
    const other = buildAnswer();
    expect(withPromptDeleted(state({ answer: other }), prompt._id).answer).toBe(other);
  });

  it('leaves lists that never loaded as not loaded', () => {
    const next = withPromptDeleted(state(), 'x');
    expect(next.adminData?.prompts).toBeNull();
  });
});

describe('searchPrompts', () => {
  const prompts = [
    buildPrompt({ title: 'What made you laugh today?', categories: ['Today'] }),
    buildPrompt({ title: 'Who taught you patience?', categories: ['Growth', 'Life'] }),
  ];

  it('matches every word against the title and categories, in any case', () => {
    expect(searchPrompts(prompts, 'LAUGH').map((p) => p.categories)).toEqual([['Today']]);
    expect(searchPrompts(prompts, 'growth patience')).toHaveLength(1);
    expect(searchPrompts(prompts, 'growth laugh')).toHaveLength(0);
    expect(searchPrompts(prompts, '  ')).toHaveLength(2);
  });
});

describe('small rules', () => {
  it('has a next page only after a full one', () => {
    expect(hasNextPage(ADMIN_PAGE_SIZE)).toBe(true);
    expect(hasNextPage(ADMIN_PAGE_SIZE - 1)).toBe(false);
  });

  it("offers the app's categories and keeps a prompt's unknown ones", () => {
    expect(categoryChoices(['Life', 'Work'], ['Work', 'Dreams'])).toEqual([
      'Life',
      'Work',
      'Dreams',
    ]);
  });

  it("shows the server's words, or says the network is gone", () => {
    expect(adminErrorMessage(new ApiError(409, 'Ada is the last admin'))).toBe(
      'Ada is the last admin',
    );
    expect(adminErrorMessage(new ApiError(0, 'Failed to fetch'))).toBe(OFFLINE_ADMIN);
  });
});

describe('admin data is never saved (SPEC §3, decision 008)', () => {
  it('is left out of the persisted part of the state', () => {
    const s = state({
      adminData: {
        ...emptyAdminData(),
        users: [],
        prompts: [buildPrompt({ status: 'submitted' })],
        reportedAnswers: [],
      },
    });
    const saved = persistedPart(s) as Record<string, unknown>;
    expect(saved).not.toHaveProperty('adminData');
    expect(JSON.stringify(saved)).not.toContain('"submitted"');
  });
});
