import { useId, useState } from 'react';
import { DateField } from '#client/components/date-field.tsx';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import { type CalendarDay, dayKey, parseDayKey, todayOf } from '#shared/domain/calendar-day.ts';

type JournalDayDialogProps = {
  open: boolean;
  onCancel: () => void;
  /** The day chosen: today or earlier. */
  onChoose: (day: CalendarDay) => void;
};

/**
 * "Write for another day": yesterday's entry written this morning, or any earlier day's. The
 * entry is titled and dated with that day; the streak counts the day it is written on, not the
 * day it is for (decision 058).
 */
export function JournalDayDialog({ open, onCancel, onChoose }: JournalDayDialogProps) {
  const titleId = useId();
  const textId = useId();
  const inputId = useId();
  const today = dayKey(todayOf(new Date()));
  const [value, setValue] = useState('');
  const chosen = parseDayKey(value);
  const valid = chosen !== null && value <= today;
  return (
    <ModalDialog open={open} onClose={onCancel} labelledBy={titleId} describedBy={textId}>
      <form
        className="modal-body"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen && valid) onChoose(chosen);
        }}
      >
        <h2 id={titleId} className="modal-title">
          Write for another day
        </h2>
        <p id={textId} className="modal-text">
          A new journal entry, dated the day you pick. Your streak counts the days you write on.
        </p>
        <label className="journal-day-label" htmlFor={inputId}>
          Which day is it for?
        </label>
        {/* A day typed in the person's own order (decision 059); the dialog focuses it. */}
        <DateField
          id={inputId}
          className="field journal-day-field"
          value={value}
          onChange={setValue}
        />
        {value > today ? (
          <p className="journal-day-error" role="alert">
            That day has not come yet: pick today or an earlier day.
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-quiet" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!valid}>
            Write
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
