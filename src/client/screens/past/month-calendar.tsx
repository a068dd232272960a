import { useId, useMemo, useState } from 'react';
import { DayGrid } from '#client/components/day-grid.tsx';
import { chooseTabStop, type DayBounds } from '#client/components/day-keys.ts';
import { BackIcon } from '#client/components/icons.tsx';
import { useRovingDay } from '#client/components/use-roving-day.ts';
import { pastDayPath } from '#client/routes.ts';
import { type CalendarDay, dayKey } from '#shared/domain/calendar-day.ts';
import { formatMonth } from '#shared/domain/date-format.ts';
import { type MonthRef, monthOf } from '#shared/domain/month-grid.ts';
import { calendarWeeks, openingMonth, stepMonth } from './day-filter.ts';
import './month-calendar.css';

export type MonthCalendarProps = {
  /** Answers per local day: those the words and category let through, on any day. */
  activity: ReadonlyMap<string, number>;
  /** The months the calendar can show (every answer's, and today's). */
  span: DayBounds;
  /** The day on screen (?day=), or null. */
  selected: string | null;
  today: CalendarDay;
  /** A search or a category narrows the marked days. */
  narrowed: boolean;
};

function daysText(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/**
 * The month calendar of My answers (issue 17 point 7): days with answers are links to
 * /past?day=…, today is ringed, the chosen day filled. Previous/next month buttons, and the
 * grid's arrow keys walk into the next month too.
 */
export function MonthCalendar({ activity, span, selected, today, narrowed }: MonthCalendarProps) {
  const [view, setView] = useState<MonthRef>(() => openingMonth(selected, today));
  // A day chosen elsewhere (the back button, a heat-map link) brings its month along.
  const [followed, setFollowed] = useState(selected);
  if (selected !== followed) {
    setFollowed(selected);
    if (selected) setView(openingMonth(selected, today));
  }
  const roving = useRovingDay({ bounds: span, reveal: (day) => setView(monthOf(day)) });
  const weeks = useMemo(() => calendarWeeks(view, activity, today), [view, activity, today]);
  const days = weeks.flat().flatMap((d) => (d ? [d] : []));
  const focusable = new Set(days.flatMap((d) => (d.future ? [] : [d.key])));
  const written = days.filter((d) => d.count > 0);
  const tabStop = chooseTabStop(
    [roving.focused, selected, dayKey(today), written.at(-1)?.key, days[0]?.key],
    focusable,
  );
  const previous = stepMonth(view, -1, span);
  const next = stepMonth(view, 1, span);
  const headingId = useId();
  const label = formatMonth(view.year, view.month);

  return (
    <section className="month-calendar card" aria-labelledby={headingId}>
      <div className="month-calendar-head">
        <MonthButton
          to={previous}
          direction="Previous"
          onGo={(m) => setView(m)}
          className="month-calendar-previous"
        />
        <h2 id={headingId} className="month-calendar-title" aria-live="polite">
          {label}
        </h2>
        <MonthButton to={next} direction="Next" onGo={(m) => setView(m)} />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keys come up from the grid's cells */}
      <div ref={roving.ref} onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
        <DayGrid
          className="day-grid-calendar"
          captionClass="visually-hidden"
          caption={`${label}: ${narrowed ? 'matching answers' : 'answers'} on ${daysText(written.length)}`}
          weeks={weeks}
          tabStop={tabStop}
          selected={selected}
          numbers
          hrefOf={pastDayPath}
        />
      </div>
      <p className="month-calendar-note">
        {written.length === 0
          ? narrowed
            ? 'No matches this month.'
            : 'Nothing written this month.'
          : `${narrowed ? 'Matches' : 'Written'} on ${daysText(written.length)} this month.`}
      </p>
    </section>
  );
}

/**
 * Previous or next month. At the end of the span it stays focusable but does nothing
 * (aria-disabled), so a keyboard user pressing it again is not dropped onto the page.
 */
function MonthButton({
  to,
  direction,
  onGo,
  className = '',
}: {
  to: MonthRef | null;
  direction: 'Previous' | 'Next';
  onGo: (m: MonthRef) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`icon-button month-calendar-step ${className}`}
      aria-label={
        to ? `${direction} month, ${formatMonth(to.year, to.month)}` : `${direction} month`
      }
      aria-disabled={to ? undefined : true}
      onClick={() => {
        if (to) onGo(to);
      }}
    >
      <BackIcon />
    </button>
  );
}
