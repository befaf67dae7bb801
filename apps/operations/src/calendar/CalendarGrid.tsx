import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { CalendarItem } from './CalendarItem';
import { useT } from '../i18n';
import { addDays, dayOfMonth, longDay, weekColumnHead, weekdayShort, type CalendarView } from './calendarDays';
import type { CalendarEvent } from './calendarEvents';

/** How many items a month cell shows before "+N more". */
export const MONTH_CELL_ITEMS = 3;

export type CalendarGridProps = {
  view: Exclude<CalendarView, 'day'>;
  days: readonly string[];
  anchor: string;
  today: string;
  byDay: ReadonlyMap<string, CalendarEvent[]>;
  focusedDay: string;
  onFocusDay: (day: string) => void;
  onOpenDay: (day: string) => void;
  label: string;
};

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month (six weeks) or week grid: role grid, a row per week, a cell per day named by its date and
 * what it holds. Arrow keys move between days (one cell is in the tab order), Enter opens the day.
 */
export function CalendarGrid({ view, days, anchor, today, byDay, focusedDay, onFocusDay, onOpenDay, label }: CalendarGridProps) {
  const t = useT();
  const cells = useRef(new Map<string, HTMLDivElement>());
  // The day the keys last moved to, until its cell is drawn and focused. Moving past the grid's edge
  // asks for another week or month, which is drawn a moment later: a key pressed before then moves on
  // from where the last key went, not from the cell still on screen.
  const intended = useRef<string | null>(null);
  // In the commit that draws the day's cell, not after it: the commit that draws another week also takes
  // the focused cell away, and a key pressed before a later effect ran would land on the page and go nowhere.
  useLayoutEffect(() => {
    const day = intended.current;
    if (day === null || day !== focusedDay) return;
    const cell = cells.current.get(day);
    if (!cell) return;
    intended.current = null;
    cell.focus();
  }, [focusedDay, days]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const step = KEY_STEPS[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = addDays(intended.current ?? focusedDay, step);
      intended.current = next;
      onFocusDay(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpenDay(focusedDay);
    }
  };

  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  const month = anchor.slice(0, 7);
  return (
    <div role="grid" aria-label={label} className={`stw-cal-grid stw-cal-grid--${view}`} data-testid="calendar-grid">
      <div role="row" className="stw-cal-grid__row stw-cal-grid__row--head">
        {(weeks[0] ?? []).map((day) => (
          <div role="columnheader" key={day} className="stw-cal-grid__weekday">
            {view === 'week' ? weekColumnHead(day) : weekdayShort(day)}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0]} className="stw-cal-grid__row">
          {week.map((day) => {
            const events = byDay.get(day) ?? [];
            const visible = view === 'month' ? events.slice(0, MONTH_CELL_ITEMS) : events;
            const more = events.length - visible.length;
            const classes = ['stw-cal-grid__cell'];
            if (view === 'month' && day.slice(0, 7) !== month) classes.push('stw-cal-grid__cell--outside');
            if (day === today) classes.push('stw-cal-grid__cell--today');
            return (
              <div
                role="gridcell"
                key={day}
                tabIndex={day === focusedDay ? 0 : -1}
                aria-selected={day === focusedDay}
                className={classes.join(' ')}
                data-day={day}
                ref={(element) => {
                  if (element) cells.current.set(day, element);
                  else cells.current.delete(day);
                }}
                onKeyDown={onKeyDown}
                onFocus={(event) => {
                  if (event.target === event.currentTarget && day !== focusedDay) onFocusDay(day);
                }}
              >
                {view === 'month' ? (
                  <span className="stw-cal-grid__date" aria-hidden="true">
                    {dayOfMonth(day)}
                  </span>
                ) : null}
                {/* The cell's name for a screen reader: the whole date and how much it holds. */}
                <span className="stw-ops-live">
                  {t('calendar.cellLabel', { day: longDay(day), today: day === today ? 'yes' : 'no', count: events.length })}
                </span>
                <ul className="stw-cal-grid__items">
                  {visible.map((event) => (
                    <li key={`${event.kind}-${event.id}`}>
                      <CalendarItem event={event} day={day} withTime={view === 'week'} />
                    </li>
                  ))}
                </ul>
                {more > 0 ? (
                  <button type="button" className="stw-cal-grid__more" onClick={() => onOpenDay(day)}>
                    {t('calendar.more', { count: more })}
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
