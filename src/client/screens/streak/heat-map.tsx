import { useMemo } from 'react';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { formatDayKey } from '#shared/domain/date-format.ts';
import { heatMapMonths } from './heat-map-data.ts';

const WEEKDAYS = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];

function daysText(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/**
 * The days answered over the last twelve months. Screen readers get one line per month
 * ('March 2025: answered on 4 days') and the year's total; the shaded cells are for the eye,
 * with a tooltip per day for a pointer.
 */
export function HeatMap({
  activity,
  today,
}: {
  activity: ReadonlyMap<string, number>;
  today: CalendarDay;
}) {
  const months = useMemo(() => heatMapMonths(activity, today), [activity, today]);
  const total = months.reduce((sum, m) => sum + m.answeredDays, 0);
  return (
    <figure className="heat-map">
      <figcaption className="heat-map-caption">
        You wrote on {daysText(total)} in the last twelve months.
      </figcaption>
      <ul className="heat-months">
        {months.map((m) => (
          <li key={m.label} className="heat-month">
            <p className="heat-month-label">
              <span>{m.label}</span>
              <span className="visually-hidden">: answered on {daysText(m.answeredDays)}</span>
            </p>
            <div className="heat-grid" aria-hidden="true">
              {WEEKDAYS.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed weekday columns
                <span key={`w${i}`} className="heat-weekday">
                  {w}
                </span>
              ))}
              {m.offset > 0 ? (
                <span className="heat-blank" style={{ gridColumn: `span ${m.offset}` }} />
              ) : null}
              {m.days.map((d) => (
                <span
                  key={d.key}
                  className={`heat-day heat-level-${d.level}${d.future ? ' heat-future' : ''}`}
                  title={
                    d.future
                      ? undefined
                      : `${formatDayKey(d.key)}: ${d.count === 1 ? '1 answer' : `${d.count} answers`}`
                  }
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
      <div className="heat-legend" aria-hidden="true">
        <span>Less</span>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`heat-day heat-level-${level}`} />
        ))}
        <span>More</span>
      </div>
    </figure>
  );
}
