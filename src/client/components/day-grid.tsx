import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { weekdayName } from '#shared/domain/date-format.ts';
import { dayCellName } from './day-cell-name.ts';
import './day-grid.css';

/** One day of a month grid. */
export type GridDay = {
  /** 'YYYY-MM-DD' */
  key: string;
  day: number;
  /** Answers written that day: more than 0 makes the day a link to them. */
  count: number;
  today: boolean;
  /** After today on the heat-map: drawn outlined, never focused. */
  future: boolean;
  /** Extra classes for the day's mark (the heat-map's shade). */
  markClass?: string;
};

export type DayGridProps = {
  /** Names the grid for screen readers: the month, with what it holds. */
  caption: ReactNode;
  captionClass?: string;
  weeks: ReadonlyArray<ReadonlyArray<GridDay | null>>;
  /** The one day Tab reaches (roving tabindex), or none. */
  tabStop: string | null;
  /** The day whose answers are on screen (My answers' ?day=). */
  selected?: string | null;
  /** The day numbers inside the cells (the calendar), or plain shaded squares (the heat-map). */
  numbers: boolean;
  className?: string;
  hrefOf: (key: string) => string;
  onOpen?: (key: string) => void;
};

const WEEK = [1, 2, 3, 4, 5, 6, 7];

/**
 * A month as an ARIA grid (a table with role="grid"): days with writing are links named
 * 'March 4, 2026: 2 answers'; days without are cells that arrow keys pass over but Tab never
 * stops at. Keys and focus are handled by the parent's useRovingDay, so that several grids
 * (the heat-map's twelve months) share one tab stop.
 */
export function DayGrid({
  caption,
  captionClass = 'day-grid-caption',
  weeks,
  tabStop,
  selected = null,
  numbers,
  className = '',
  hrefOf,
  onOpen,
}: DayGridProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows a table to be a grid; its rows and cells become the grid's
    <table className={`day-grid ${className}`} role="grid">
      <caption className={captionClass}>{caption}</caption>
      <thead>
        <tr>
          {WEEK.map((weekday) => (
            // The letters for the eye, the day's name for a screen reader; one element a column,
            // as the heat-map draws twelve of these.
            <th
              key={weekday}
              scope="col"
              className="day-grid-weekday"
              aria-label={weekdayName(weekday)}
            >
              {weekdayName(weekday).slice(0, numbers ? 2 : 1)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((d) => d !== null)?.key}>
            {week.map((d, index) =>
              d ? (
                <DayCell
                  key={d.key}
                  d={d}
                  tabbable={d.key === tabStop}
                  selected={d.key === selected}
                  numbers={numbers}
                  href={hrefOf(d.key)}
                  onOpen={onOpen}
                />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: blanks are fixed columns
                <td key={`blank${index}`} className="day-grid-blank" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCell({
  d,
  tabbable,
  selected,
  numbers,
  href,
  onOpen,
}: {
  d: GridDay;
  tabbable: boolean;
  selected: boolean;
  numbers: boolean;
  href: string;
  onOpen: ((key: string) => void) | undefined;
}) {
  const name = dayCellName(d.key, d.count, d.today);
  const marks = [
    'day-mark',
    d.markClass ?? '',
    d.today ? 'day-today' : '',
    selected ? 'day-selected' : '',
    d.count > 0 ? 'day-written' : '',
    d.future ? 'day-future' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const number = numbers ? d.day : null;
  // The selected day is the page on screen; today is today (aria-current has one value).
  const current = selected ? 'page' : d.today ? 'date' : undefined;
  if (d.count > 0) {
    return (
      <td className="day-grid-day">
        <Link
          to={href}
          className={marks}
          data-day={d.key}
          tabIndex={tabbable ? 0 : -1}
          aria-label={name}
          aria-current={current}
          title={name}
          onClick={() => onOpen?.(d.key)}
        >
          {number}
        </Link>
      </td>
    );
  }
  if (d.future) {
    return (
      <td className="day-grid-day">
        <span className={marks}>{number}</span>
      </td>
    );
  }
  return (
    <td
      className="day-grid-day day-grid-focusable"
      data-day={d.key}
      tabIndex={tabbable ? 0 : -1}
      aria-label={name}
      aria-current={current}
      title={name}
    >
      <span className={marks} aria-hidden="true">
        {number}
      </span>
    </td>
  );
}
