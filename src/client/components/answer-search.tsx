import { useId } from 'react';
import { setState } from '../state/store/app-store.ts';
import { DateField } from './date-field.tsx';
import { SearchIcon } from './icons.tsx';

export type AnswerSearchProps = {
  search: string;
  from: string;
  to: string;
  category: string;
  /** The categories the answers have, for the Category choice. */
  categories: readonly string[];
  onRange: (edge: 'from' | 'to', value: string) => void;
  onCategory: (category: string) => void;
};

/** My answers' search: words over text and prompt title, a date range and a category. */
export function AnswerSearch(props: AnswerSearchProps) {
  const { search, from, to, category, categories, onRange, onCategory } = props;
  const searchId = useId();
  const fromId = useId();
  const toId = useId();
  const categoryId = useId();
  return (
    <search className="answer-search">
      <label htmlFor={searchId} className="visually-hidden">
        Search your answers
      </label>
      <SearchIcon />
      <input
        id={searchId}
        className="field answer-search-field"
        type="search"
        placeholder="Search your answers"
        value={search}
        onChange={(event) => setState({ search: event.target.value })}
      />
      <fieldset className="answer-filters">
        <legend className="visually-hidden">Narrow your answers</legend>
        <label className="answer-filter" htmlFor={fromId}>
          <span>From</span>
          <DateField
            id={fromId}
            className="field"
            value={from}
            onChange={(v) => onRange('from', v)}
          />
        </label>
        <label className="answer-filter" htmlFor={toId}>
          <span>To</span>
          <DateField id={toId} className="field" value={to} onChange={(v) => onRange('to', v)} />
        </label>
        <label className="answer-filter" htmlFor={categoryId}>
          <span>Category</span>
          <select
            id={categoryId}
            className="field"
            value={category}
            onChange={(event) => onCategory(event.target.value)}
          >
            <option value="">Any</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
    </search>
  );
}
