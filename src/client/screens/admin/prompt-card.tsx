import type { ReactNode } from 'react';
import type { PromptView } from '#shared/api/prompts.ts';
import { formatDate } from '#shared/domain/date-format.ts';

/** One prompt in an admin list: its text, categories, author and date, then its actions. */
export function PromptCard({ prompt, actions }: { prompt: PromptView; actions: ReactNode }) {
  const date = formatDate(prompt.created);
  return (
    <li className="admin-row card">
      <article aria-label={prompt.title}>
        <h2 className="admin-row-title">{prompt.title}</h2>
        <p className="admin-row-meta">
          {prompt.user_name ? `By ${prompt.user_name}` : 'From the Müse library'}
          {date ? ` · ${date}` : ''}
        </p>
        {prompt.categories.length > 0 ? (
          <ul className="admin-chips" aria-label="Categories">
            {prompt.categories.map((name) => (
              <li key={name} className="admin-chip">
                {name}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="admin-row-actions">{actions}</div>
      </article>
    </li>
  );
}
