import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from '@steward/libs/router';
import { errorMessage } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import { LoadingText, useNarrowScreen } from '@steward/libs/ui';
import { CalendarDayList } from './CalendarDayList';
import { CalendarGrid } from './CalendarGrid';
import { addDays, isDay, stepAnchor, todayIn, viewDays, viewTitle, type CalendarView } from './calendarDays';
import { CALENDAR_KINDS, eventsByDay, useCalendarEvents, type CalendarKind } from './calendarEvents';
import { useOrgTimeZone } from './useOrgTimeZone';
import { useT, type OperationsMessageId } from '../i18n';
import '../tasks/tasks.css';
import './calendar.css';

const VIEWS: readonly { view: CalendarView; label: OperationsMessageId }[] = [
  { view: 'month', label: 'calendar.view.month' },
  { view: 'week', label: 'calendar.view.week' },
  { view: 'day', label: 'calendar.view.day' },
];

const viewOf = (value: string | null): CalendarView => (value === 'week' || value === 'day' ? value : 'month');

/**
 * /calendar: reservations, shifts, task due dates and project dates by month, week or day, in the
 * organisation's time zone, each kind shown or hidden; on a phone, one day as a list.
 */
export function CalendarPage() {
  const t = useT();
  const { orgName, enabledComponents } = useSession();
  const timeZone = useOrgTimeZone(orgName);
  const today = todayIn(timeZone.data);
  const isPhone = useNarrowScreen();
  const [searchParams, setSearchParams] = useSearchParams();
  const view: CalendarView = isPhone ? 'day' : viewOf(searchParams.get('view'));
  const dateParam = searchParams.get('date');
  const anchor = isDay(dateParam) ? dateParam : today;
  const [focusedDay, setFocusedDay] = useState<string | null>(null);
  const available = useMemo(() => CALENDAR_KINDS.filter((kind) => enabledComponents.includes(kind.component)), [enabledComponents]);
  const [hidden, setHidden] = useState<ReadonlySet<CalendarKind>>(new Set());
  const kinds = useMemo(() => new Set(available.map((kind) => kind.kind).filter((kind) => !hidden.has(kind))), [available, hidden]);

  const days = viewDays(view, anchor);
  const from = days[0] ?? anchor;
  const to = addDays(days.at(-1) ?? anchor, 1);
  const events = useCalendarEvents(timeZone.isLoading ? null : orgName, from, to);
  const byDay = useMemo(() => eventsByDay(events.data ?? [], days, kinds), [events.data, days.join(), kinds]); // eslint-disable-line react-hooks/exhaustive-deps

  // The date last asked for: a navigation is drawn a moment after it is asked for, and the keys may
  // move on before then (CalendarGrid).
  const requested = useRef(anchor);
  useEffect(() => {
    requested.current = anchor;
  }, [anchor]);
  const go = (next: { view?: CalendarView; date?: string }) => {
    if (next.date) requested.current = next.date;
    setSearchParams((params) => {
      const updated = new URLSearchParams(params);
      if (next.view) updated.set('view', next.view);
      if (next.date) updated.set('date', next.date);
      return updated;
    });
  };
  const focus = focusedDay && days.includes(focusedDay) ? focusedDay : days.includes(today) ? today : anchor;
  const title = viewTitle(view, anchor);

  return (
    <div className="stw-cal">
      <div className="stw-cal__toolbar">
        {isPhone ? null : (
          <nav aria-label={t('calendar.views')} className="stw-task-views">
            {VIEWS.map((option) => (
              <Link key={option.view} to={`/calendar?view=${option.view}&date=${anchor}`} aria-current={option.view === view ? 'page' : undefined}>
                {t(option.label)}
              </Link>
            ))}
          </nav>
        )}
        <div className="stw-cal__nav">
          <button type="button" className="stw-row-action" onClick={() => go({ date: stepAnchor(view, anchor, -1) })}>
            {t('calendar.previous')}
          </button>
          <button type="button" className="stw-row-action" onClick={() => go({ date: today })}>
            {t('calendar.today')}
          </button>
          <button type="button" className="stw-row-action" onClick={() => go({ date: stepAnchor(view, anchor, 1) })}>
            {t('calendar.next')}
          </button>
        </div>
        <h2 className="stw-cal__title" aria-live="polite">
          {title}
        </h2>
      </div>
      <fieldset className="stw-cal__kinds">
        <legend>{t('calendar.show')}</legend>
        {available.map((kind) => (
          <label key={kind.kind} className={`stw-cal__kind stw-cal__kind--${kind.kind}`}>
            <input
              type="checkbox"
              checked={!hidden.has(kind.kind)}
              onChange={(event) =>
                setHidden((current) => {
                  const next = new Set(current);
                  if (event.target.checked) next.delete(kind.kind);
                  else next.add(kind.kind);
                  return next;
                })
              }
            />{' '}
            {t(kind.label)}
          </label>
        ))}
      </fieldset>
      {events.error ? <p role="alert">{errorMessage(events.error, t('common.unknownError'))}</p> : null}
      {events.isLoading || timeZone.isLoading ? <p><LoadingText /></p> : null}
      {events.data ? (
        view === 'day' ? (
          <CalendarDayList day={anchor} events={byDay.get(anchor) ?? []} />
        ) : (
          <CalendarGrid
            view={view}
            days={days}
            anchor={anchor}
            today={today}
            byDay={byDay}
            label={title}
            focusedDay={focus}
            onFocusDay={(day) => {
              setFocusedDay(day);
              if (!viewDays(view, requested.current).includes(day)) go({ date: day });
            }}
            onOpenDay={(day) => go({ view: 'day', date: day })}
          />
        )
      ) : null}
    </div>
  );
}
