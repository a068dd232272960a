import { type FormEvent, useMemo, useState } from 'react';
import type { AdminResult, PromptFields as Fields } from '#client/state/admin/admin-actions.ts';
import { categoryChoices } from '#client/state/admin/admin-rules.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import type { PromptView } from '#shared/api/prompts.ts';
// The same text area and category toggles as 'Add a prompt', so both read alike.
import { PromptFields, usePromptDraft } from '../new-prompt/prompt-fields.tsx';

export type PromptFormProps = {
  /** The prompt being edited, or none for a new one. */
  initial?: PromptView;
  submitLabel: string;
  /** Sends the prompt; resolves to the message to show when it failed. */
  onSubmit: (fields: Fields) => AdminResult;
  onDone: () => void;
};

/** Prompt text and category toggles (SPEC §4 toggling, §5 validation), for admins. */
export function PromptForm({ initial, submitLabel, onSubmit, onDone }: PromptFormProps) {
  const categories = useAppState((s) => s.categories);
  const draft = usePromptDraft(initial);
  const [busy, setBusy] = useState(false);
  const choices = useMemo(
    () => categoryChoices(categories, initial?.categories ?? []),
    [categories, initial],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !draft.check()) return;
    setBusy(true);
    const problem = await onSubmit({ title: draft.title, categories: draft.picked });
    setBusy(false);
    if (problem) draft.setError(problem);
    else onDone();
  };

  return (
    <form className="new-prompt-form admin-prompt-form" noValidate onSubmit={submit}>
      <PromptFields
        draft={draft}
        choices={choices}
        label="Prompt"
        placeholder="A question worth sitting with"
      />
      <button type="submit" className="button new-prompt-submit" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
