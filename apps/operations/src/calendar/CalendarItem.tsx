import { Link } from '@steward/libs/router';
import { eventLabel, type CalendarEvent } from './calendarEvents';

const KIND_NAMES = { reservation: 'Reservation', shift: 'Shift', task: 'Task', project: 'Project' } as const;

/** One item on a day: a link to its record, marked by kind (a stay by its rate type's colour). */
export function CalendarItem({ event, day, withTime = false, spanTimes = false }: { event: CalendarEvent; day: string; withTime?: boolean; spanTimes?: boolean }) {
  const label = eventLabel(event, day);
  // A time where the item starts (a stay's check-in, a shift's start); the whole span in a day list.
  const startsToday = event.starts_local.slice(0, 10) === day;
  const time = event.all_day || !startsToday ? '' : spanTimes ? `${event.starts_local.slice(11, 16)}–${event.ends_local.slice(11, 16)} ` : withTime ? `${event.starts_local.slice(11, 16)} ` : '';
  return (
    <Link
      to={event.link}
      className={`stw-cal-item stw-cal-item--${event.kind}`}
      style={event.color ? { borderInlineStartColor: event.color } : undefined}
      title={`${KIND_NAMES[event.kind]}: ${label}${event.detail ? ` (${event.detail})` : ''}`}
      data-kind={event.kind}
    >
      <span className="stw-ops-live">{KIND_NAMES[event.kind]}: </span>
      {time}
      {label}
    </Link>
  );
}
