import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { SearchIcon } from '#client/components/icons.tsx';
import { editPromptPath, paths } from '#client/routes.ts';
import { loadApprovedPrompts } from '#client/state/account/loads.ts';
import { deletePrompt } from '#client/state/admin/admin-actions.ts';
import { searchPrompts } from '#client/state/admin/admin-rules.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { AdminPage } from '../admin-page.tsx';
import { PromptCard } from '../prompt-card.tsx';
// The same round search box as My answers.
import '#client/components/answer-list.css';

/** SPEC §2 /managePrompts: every approved prompt, searchable, to edit or delete. */
export function ManagePromptsScreen() {
  return (
    <AdminPage title="Manage prompts">
      <ManageList />
    </AdminPage>
  );
}

function ManageList() {
  const prompts = useAppState((s) => s.prompts);
  const loaded = useAppState((s) => s.loaded.prompts);
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<PromptView | null>(null);
  const shown = useMemo(() => searchPrompts(prompts, query), [prompts, query]);
  const searchId = useId();
  const countRef = useRef<HTMLParagraphElement>(null);

  // Another admin may have changed the library since start-up.
  useEffect(() => {
    void loadApprovedPrompts();
  }, []);

  // SPEC §4: deleting removes it everywhere and clears the current answer if it was for it.
  const remove = async (prompt: PromptView) => {
    setToDelete(null);
    const message = await deletePrompt(prompt._id);
    if (message) {
      showStatus(message, true);
      return;
    }
    showStatus('Prompt deleted');
    requestAnimationFrame(() => countRef.current?.focus());
  };

  if (!loaded && prompts.length === 0) return <p className="loading">Loading…</p>;
  return (
    <>
      <div className="admin-toolbar">
        <p className="page-intro">The library everyone answers from, newest first.</p>
        <Link className="button button-small" to={paths.newAdminPrompt}>
          New prompt
        </Link>
      </div>
      <search className="answer-search admin-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search prompts
        </label>
        <SearchIcon />
        <input
          id={searchId}
          className="field answer-search-field"
          type="search"
          placeholder="Search prompts or categories"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </search>
      <p ref={countRef} className="admin-count" tabIndex={-1} aria-live="polite">
        {query.trim()
          ? `${shown.length} of ${prompts.length} prompts`
          : `${prompts.length} ${prompts.length === 1 ? 'prompt' : 'prompts'}`}
      </p>
      {shown.length === 0 ? (
        <p className="admin-empty">
          {query.trim() ? `Nothing matches “${query.trim()}”.` : 'No approved prompts yet.'}
        </p>
      ) : (
        <ul className="admin-rows">
          {shown.map((prompt) => (
            <PromptCard
              key={prompt._id}
              prompt={prompt}
              actions={
                <>
                  <Link
                    className="button button-small"
                    to={editPromptPath(prompt._id)}
                    aria-label={`Edit prompt: ${prompt.title}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button button-quiet button-small"
                    aria-label={`Delete prompt: ${prompt.title}`}
                    onClick={() => setToDelete(prompt)}
                  >
                    Delete
                  </button>
                </>
              }
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this prompt?"
        message={
          toDelete
            ? `“${toDelete.title}” will be gone for everyone. Answers already written keep it.`
            : undefined
        }
        confirmLabel="Delete"
        destructive
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) void remove(toDelete);
        }}
      />
    </>
  );
}
