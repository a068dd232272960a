import { useMemo } from 'react';
import { DayGrid } from '#client/components/day-grid.tsx';
import { chooseTabStop } from '#client/components/day-keys.ts';
import { useRovingDay } from '#client/components/use-roving-day.ts';
import { pastDayPath } from '#client/routes.ts';
import { setState } from '#client/state/store/app-store.ts';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { heatMapMonths, latestWrittenDay } from './heat-map-data.ts';

function daysText(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/**
 * The days answered over the last twelve months, and a way into them: each day with writing is
 * a link to My answers of that day (/past?day=…). The twelve month grids are one tab stop
 * (roving tabindex): arrow keys move between days, Enter opens one.
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
  const focusable = useMemo(
    () =>
      new Set(
        months.flatMap((m) => m.weeks.flat().flatMap((d) => (d && !d.future ? [d.key] : []))),
      ),
    [months],
  );
  const first = months[0];
  const bounds = first
    ? { first: { year: first.year, month: first.month, day: 1 }, last: today }
    : null;
  const roving = useRovingDay({ bounds });
  // Tab lands on the last day focus was on, else the latest day with writing; with no writing
  // at all there is nothing to open and no tab stop.
  const tabStop = chooseTabStop([roving.focused, latestWrittenDay(months)], focusable);
  return (
    <figure className="heat-map">
      <figcaption className="heat-map-caption">
        You wrote on {daysText(total)} in the last twelve months.
        {total > 0 ? <span className="heat-map-hint"> Choose a day to read it again.</span> : null}
      </figcaption>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keys come up from the day grids' cells */}
      <div
        ref={roving.ref}
        className="heat-months"
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
      >
        {months.map((m) => (
          <DayGrid
            key={m.label}
            className="day-grid-heat heat-month"
            captionClass="heat-month-label"
            caption={
              <>
                {m.label}
                <span className="visually-hidden">: answered on {daysText(m.answeredDays)}</span>
              </>
            }
            weeks={m.weeks}
            tabStop={tabStop}
            numbers={false}
            hrefOf={pastDayPath}
            // The day's answers, all of them: a search left in the box would hide some.
            onOpen={() => setState({ search: '' })}
          />
        ))}
      </div>
      <div className="heat-legend" aria-hidden="true">
        <span>Less</span>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`heat-swatch heat-level-${level}`} />
        ))}
        <span>More</span>
      </div>
    </figure>
  );
}
