/**
 * Whether a draft was begun for an earlier day (the journal's "Write for another day", decision
 * 058): its `answered` is that day while `modified` is when it was made. Every other draft has
 * the two equal until it is first saved (client state/answers/answer-draft.ts, blankAnswer).
 */
export function isDatedDraft(draft: { answered: string; modified: string }): boolean {
  return draft.answered < draft.modified;
}
