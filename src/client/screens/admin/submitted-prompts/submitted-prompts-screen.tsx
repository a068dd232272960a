import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/routes.ts';
import {
  approvePrompt,
  loadSubmittedPrompts,
  rejectPrompt,
} from '#client/state/admin/admin-actions.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import { AdminPage, LoadProblem } from '../admin-page.tsx';
import { PromptCard } from '../prompt-card.tsx';

/** SPEC §2 /submittedPrompts: prompts people sent in, oldest first, to approve or reject. */
export function SubmittedPromptsScreen() {
  return (
    <AdminPage title="Submitted prompts">
      <SubmittedList />
    </AdminPage>
  );
}

function SubmittedList() {
  const prompts = useAppState((s) => s.adminData.prompts);
  const [problem, setProblem] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);

  const load = useCallback(async () => {
    setProblem((await loadSubmittedPrompts()) ?? '');
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  // SPEC §4: approval moves it into approved prompts and out of submitted; rejection removes it.
  const decide = async (promptId: string, approve: boolean) => {
    if (busyId) return;
    setBusyId(promptId);
    const message = await (approve ? approvePrompt(promptId) : rejectPrompt(promptId));
    setBusyId(null);
    if (message) {
      showStatus(message, true);
      return;
    }
    showStatus(approve ? 'Prompt approved' : 'Prompt rejected');
    // The buttons that had focus are gone with their prompt: continue from the count line.
    requestAnimationFrame(() => countRef.current?.focus());
  };

  if (problem && prompts === null) {
    return <LoadProblem message={problem} onRetry={() => void load()} />;
  }
  if (prompts === null) return <p className="loading">Loading…</p>;
  return (
    <>
      <p className="page-intro">
        Prompts people sent in, oldest first. Approved prompts join everyone's library.
      </p>
      <p ref={countRef} className="admin-count" tabIndex={-1} aria-live="polite">
        {prompts.length === 1 ? '1 prompt waiting' : `${prompts.length} prompts waiting`}
      </p>
      {prompts.length === 0 ? (
        <div className="admin-empty">
          <p>Nothing is waiting for review.</p>
          <Link className="button button-quiet" to={paths.managePrompts}>
            Manage prompts
          </Link>
        </div>
      ) : (
        <ul className="admin-rows">
          {prompts.map((prompt) => (
            <PromptCard
              key={prompt._id}
              prompt={prompt}
              actions={
                <>
                  <button
                    type="button"
                    className="button button-quiet button-small"
                    aria-label={`Reject prompt: ${prompt.title}`}
                    aria-disabled={busyId !== null || undefined}
                    onClick={() => void decide(prompt._id, false)}
                  >
                    Reject
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Approve prompt: ${prompt.title}`}
                    aria-disabled={busyId !== null || undefined}
                    onClick={() => void decide(prompt._id, true)}
                  >
                    Approve
                  </button>
                </>
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}
