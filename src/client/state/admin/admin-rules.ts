import { ApiError } from '#client/api/call.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { ADMIN_PAGE_SIZE } from '#shared/domain/limits.ts';
import type { AppState } from '../store/app-state.ts';

// The pure rules of the admin screens (SPEC §4 prompt status transitions, §6 Admin), apart from
// the store and the network so they can be tested alone.

export { ADMIN_PAGE_SIZE };

type PromptState = Pick<AppState, 'prompts' | 'myPrompts' | 'answer' | 'adminData'>;

function replaceById(list: readonly PromptView[], prompt: PromptView): PromptView[] {
  return list.map((p) => (p._id === prompt._id ? prompt : p));
}

function withoutId(list: readonly PromptView[], id: string): PromptView[] {
  return list.filter((p) => p._id !== id);
}

/**
 * SPEC §4 "Editing replaces it everywhere and updates the current answer's prompt title and
 * categories".
 */
export function withPromptEdited(state: PromptState, prompt: PromptView): Partial<PromptState> {
  const { answer, adminData } = state;
  return {
    prompts: replaceById(state.prompts, prompt),
    myPrompts: replaceById(state.myPrompts, prompt),
    adminData: {
      ...adminData,
      prompts: adminData.prompts && replaceById(adminData.prompts, prompt),
    },
    answer:
      answer?.prompt_id === prompt._id
        ? { ...answer, prompt_title: prompt.title, categories: prompt.categories }
        : answer,
  };
}

/**
 * SPEC §4 "Deleting removes it everywhere and clears the current answer if it was for that
 * prompt". Answers already saved keep their copy of the title.
 */
export function withPromptDeleted(state: PromptState, promptId: string): Partial<PromptState> {
  const { adminData } = state;
  return {
    prompts: withoutId(state.prompts, promptId),
    myPrompts: withoutId(state.myPrompts, promptId),
    adminData: {
      ...adminData,
      prompts: adminData.prompts && withoutId(adminData.prompts, promptId),
    },
    answer: state.answer?.prompt_id === promptId ? null : state.answer,
  };
}

/**
 * SPEC §4 "Approval moves it into approved prompts and out of submitted" (first: the approved
 * list is newest first). An admin's own new prompt arrives approved the same way.
 */
export function withPromptApproved(state: PromptState, prompt: PromptView): Partial<PromptState> {
  const { adminData } = state;
  return {
    prompts: [prompt, ...withoutId(state.prompts, prompt._id)],
    myPrompts: replaceById(state.myPrompts, prompt),
    adminData: {
      ...adminData,
      prompts: adminData.prompts && withoutId(adminData.prompts, prompt._id),
    },
  };
}

/** SPEC §4 "rejection removes it from submitted" (and from anywhere it was offered). */
export function withPromptRejected(state: PromptState, prompt: PromptView): Partial<PromptState> {
  const { adminData } = state;
  return {
    prompts: withoutId(state.prompts, prompt._id),
    myPrompts: replaceById(state.myPrompts, prompt),
    adminData: {
      ...adminData,
      prompts: adminData.prompts && withoutId(adminData.prompts, prompt._id),
    },
  };
}

/** The prompts whose title or a category contains every word of `query` (any case). */
export function searchPrompts(prompts: readonly PromptView[], query: string): PromptView[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...prompts];
  return prompts.filter((p) => {
    const haystack = `${p.title} ${p.categories.join(' ')}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** A page of exactly ADMIN_PAGE_SIZE may have another after it; a shorter one is the last. */
export function hasNextPage(count: number): boolean {
  return count === ADMIN_PAGE_SIZE;
}

/** The categories to offer for a prompt: the app's list, then any others the prompt has. */
export function categoryChoices(
  categories: readonly string[],
  picked: readonly string[],
): string[] {
  return [...categories, ...picked.filter((c) => !categories.includes(c))];
}

export const OFFLINE_ADMIN = 'You seem to be offline. Please try again when you are connected.';

/** What to tell an admin when a call failed: the server's words, or that there is no network. */
export function adminErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? OFFLINE_ADMIN : error.message;
  return 'Sorry, something went wrong. Please try again.';
}
