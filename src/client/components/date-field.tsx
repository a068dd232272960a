import { useEffect, useMemo, useState } from 'react';
import { dateLocale } from '#shared/domain/date-format.ts';
import { dateOrderOf, readDate, showDate } from './date-field-rules.ts';
import './date-field.css';

type DateFieldProps = {
  id: string;
  className?: string;
  /** An ISO day ('YYYY-MM-DD') or '' for none. */
  value: string;
  onChange: (iso: string) => void;
};

/**
 * A day typed in the person's own order ('dd.mm.yyyy' in German, 'mm/dd/yyyy' in American
 * English), its value an ISO day: date-field-rules.ts says why not <input type="date">. A day
 * is passed on as soon as it is whole; on leaving, what is not a day is marked invalid.
 */
export function DateField({ id, className, value, onChange }: DateFieldProps) {
  const order = useMemo(() => dateOrderOf(dateLocale()), []);
  const [text, setText] = useState(() => showDate(value, order));
  const [invalid, setInvalid] = useState(false);

  // A day set from elsewhere (the calendar, a cleared filter) replaces what is shown, unless
  // the text already says that day.
  useEffect(() => {
    setText((current) => (readDate(current, order) === value ? current : showDate(value, order)));
    setInvalid(false);
  }, [value, order]);

  return (
    <input
      id={id}
      className={className ? `${className} date-field` : 'date-field'}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={order.pattern}
      value={text}
      aria-invalid={invalid ? 'true' : undefined}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const iso = readDate(typed, order);
        if (iso === null) return;
        setInvalid(false);
        if (iso !== value) onChange(iso);
      }}
      onBlur={() => {
        const iso = readDate(text, order);
        setInvalid(iso === null);
        if (iso !== null) setText(showDate(iso, order));
      }}
    />
  );
}
