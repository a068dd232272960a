import { type FocusEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { type CalendarDay, dayKey, parseDayKey } from '#shared/domain/calendar-day.ts';
import { type DayBounds, dayForKey } from './day-keys.ts';

/** The focusable element of a day (its link, or the cell of a day without writing). */
function dayElement(root: HTMLElement | null, key: string): HTMLElement | null {
  return root?.querySelector<HTMLElement>(`[data-day="${CSS.escape(key)}"]`) ?? null;
}

function dayOf(target: EventTarget): { element: HTMLElement; day: CalendarDay } | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-day]') : null;
  const day = element ? parseDayKey(element.dataset.day ?? '') : null;
  return element && day ? { element, day } : null;
}

/**
 * Roving focus over the day grids inside `ref` (one tab stop; day-keys.ts decides the moves).
 * `focused` is the day focus was last on, the grid's tab stop while it is on screen. A day that
 * is not drawn yet (the next month of a one-month calendar) is first shown with `reveal`, then
 * focused once it is.
 */
export function useRovingDay({
  bounds,
  reveal,
}: {
  bounds: DayBounds | null;
  reveal?: (day: CalendarDay) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const pending = useRef<string | null>(null);

  // After `reveal` drew the day's month: focus it (once; a day that never came is let go).
  useLayoutEffect(() => {
    if (!pending.current) return;
    const element = dayElement(ref.current, pending.current);
    pending.current = null;
    element?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = dayOf(event.target);
    if (!at || !bounds || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === ' ') {
      // A link opens with Enter; Space does the same in a grid, as a button would.
      if (at.element instanceof HTMLAnchorElement) {
        event.preventDefault();
        at.element.click();
      }
      return;
    }
    const to = dayForKey(event.key, at.day, bounds);
    if (!to) return;
    event.preventDefault();
    const key = dayKey(to);
    setFocused(key);
    const element = dayElement(ref.current, key);
    if (element) {
      element.focus();
    } else {
      pending.current = key;
      reveal?.(to);
    }
  };

  // A click or a tap on a day makes it the tab stop too.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = dayOf(event.target);
    if (at) setFocused(dayKey(at.day));
  };

  return { ref, focused, onKeyDown, onFocus };
}
