import { useT } from '../i18n';
import { CalendarItem } from './CalendarItem';
import { longDay } from './calendarDays';
import type { CalendarEvent } from './calendarEvents';

/** One day as a list (the day view, and the calendar on a phone). */
export function CalendarDayList({ day, events }: { day: string; events: readonly CalendarEvent[] }) {
  const t = useT();
  return (
    <section aria-label={longDay(day)} className="stw-cal-day" data-testid="calendar-day">
      {events.length === 0 ? (
        <p>{t('calendar.nothingScheduled')}</p>
      ) : (
        <ul className="stw-cal-day__items">
          {events.map((event) => (
            <li key={`${event.kind}-${event.id}`}>
              <CalendarItem event={event} day={day} spanTimes />
              {event.detail ? <span className="stw-cal-day__detail"> {event.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
