import { Link } from '@steward/libs/router';
import { useT, type OperationsMessageId } from '../i18n';
import { eventLabel, type CalendarEvent, type CalendarKind } from './calendarEvents';

const KIND_NAMES: Readonly<Record<CalendarKind, OperationsMessageId>> = { reservation: 'calendar.kind.reservation', shift: 'calendar.kind.shift', task: 'calendar.kind.task', project: 'calendar.kind.project' };

/** One item on a day: a link to its record, marked by kind (a stay by its rate type's colour). */
export function CalendarItem({ event, day, withTime = false, spanTimes = false }: { event: CalendarEvent; day: string; withTime?: boolean; spanTimes?: boolean }) {
  const t = useT();
  const label = eventLabel(event, day);
  const kind = t(KIND_NAMES[event.kind]);
  // A time where the item starts (a stay's check-in, a shift's start); the whole span in a day list.
  const startsToday = event.starts_local.slice(0, 10) === day;
  const time = event.all_day || !startsToday ? '' : spanTimes ? `${event.starts_local.slice(11, 16)}–${event.ends_local.slice(11, 16)} ` : withTime ? `${event.starts_local.slice(11, 16)} ` : '';
  return (
    <Link
      to={event.link}
      className={`stw-cal-item stw-cal-item--${event.kind}`}
      style={event.color ? { borderInlineStartColor: event.color } : undefined}
      title={event.detail ? t('calendar.itemTitleWithDetail', { kind, label, detail: event.detail }) : t('calendar.itemTitle', { kind, label })}
      data-kind={event.kind}
    >
      <span className="stw-ops-live">{t('calendar.kindPrefix', { kind })}</span>
      {time}
      {label}
    </Link>
  );
}
