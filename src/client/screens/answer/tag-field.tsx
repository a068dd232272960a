import { useId, useState } from 'react';
import { retagged } from '#client/state/answers/answer-sync.ts';
import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags } from '#shared/domain/tags.ts';
import './tag-field.css';
import { useEditorView } from './use-answer-sync.ts';

type TagFieldProps = { tags: readonly string[] };

/**
 * An entry's tags (issue 35 point 3): each a chip with its own remove button, and a field that
 * adds what is typed on Enter or a comma. Private: only ever the author's.
 */
export function TagField({ tags }: TagFieldProps) {
  // While the editor is not ready (its latest text still on its way), tags wait too.
  const disabled = !useEditorView('ready');
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState('');
  const full = tags.length >= MAX_TAGS;
  const add = (raw: string) => {
    const next = normaliseTags([...tags, ...raw.split(',')]).slice(0, MAX_TAGS);
    setDraft('');
    if (next.length !== tags.length) retagged(next);
  };
  return (
    <div className="tag-field">
      {tags.length > 0 ? (
        <ul className="tag-list" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span className="tag-name">#{tag}</span>
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove the tag ${tag}`}
                disabled={disabled}
                onClick={() => retagged(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="visually-hidden" htmlFor={inputId}>
        Add a tag
      </label>
      <input
        id={inputId}
        className="tag-input"
        type="text"
        enterKeyHint="done"
        autoComplete="off"
        placeholder={full ? `${MAX_TAGS} tags: that is all` : 'Add a tag'}
        maxLength={MAX_TAG_LENGTH}
        disabled={disabled || full}
        value={draft}
        aria-describedby={hintId}
        onChange={(event) => {
          const value = event.target.value;
          if (value.includes(',')) add(value);
          else setDraft(value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add(draft);
          } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
            retagged(tags.slice(0, -1));
          }
        }}
        onBlur={() => {
          if (draft.trim() !== '') add(draft);
        }}
      />
      <span id={hintId} className="visually-hidden">
        Enter or a comma adds it. Tags are only ever yours.
      </span>
    </div>
  );
}
