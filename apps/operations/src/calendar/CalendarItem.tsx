import { Link } from '@steward/libs/router';
import { eventLabel, type CalendarEvent } from './calendarEvents';

const KIND_NAMES = { reservation: 'Reservation', shift: 'Shift', task: 'Task', project: 'Project' } as const;

/** One item on a day: a link to its record, marked by kind (a stay by its rate type's colour). */
export function CalendarItem({ event, day, withTime = false }: { event: CalendarEvent; day: string; withTime?: boolean }) {
  const label = eventLabel(event, day);
  const time = !event.all_day && withTime ? `${event.starts_local.slice(11, 16)}–${event.ends_local.slice(11, 16)} ` : '';
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
