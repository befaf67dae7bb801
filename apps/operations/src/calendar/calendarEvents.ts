import { useQuery } from '@tanstack/react-query';
import { getDatabase, queryKeys, tableRef, toDataAccessError } from '@steward/libs/data';
import { t, type OperationsMessageId } from '../i18n';
import { addDays, dayDiff } from './calendarDays';

export type CalendarKind = 'reservation' | 'shift' | 'task' | 'project';

export type CalendarEvent = {
  kind: CalendarKind;
  id: string;
  title: string;
  detail: string | null;
  /** Wall-clock time in the organisation's time zone, 'YYYY-MM-DDTHH:MM:SS'. */
  starts_local: string;
  ends_local: string;
  all_day: boolean;
  color: string | null;
  unit: string | null;
  link: string;
};

/** The kinds, the component each comes from (shown only where the organisation enabled it), and their names. */
export const CALENDAR_KINDS: readonly { kind: CalendarKind; label: OperationsMessageId; component: string }[] = [
  { kind: 'reservation', label: 'calendar.show.reservations', component: 'lodging' },
  { kind: 'shift', label: 'calendar.show.shifts', component: 'team-portal' },
  { kind: 'task', label: 'calendar.show.tasks', component: 'operations' },
  { kind: 'project', label: 'calendar.show.projects', component: 'operations' },
];

const eventsRef = tableRef('ops', 'calendar_events');

export const calendarQueryKey = (orgName: string | null, from: string, to: string) => [...queryKeys.schema('ops'), 'calendar', orgName, from, to] as const;
/** Where the organisation sits in calendarQueryKey. */
const ORG_IN_KEY = calendarQueryKey(null, '', '').length - 3;

/** What is dated in [from, to): one call to ops.calendar_events (security invoker: row-level security decides). */
export async function fetchCalendarEvents(orgName: string, from: string, to: string): Promise<CalendarEvent[]> {
  const { data, error } = await getDatabase()
    .schema(eventsRef.schema)
    .rpc(eventsRef.table, { p_org_name: orgName, p_from: from, p_to: to }, { get: true });
  if (error) throw toDataAccessError(error);
  return (data ?? []) as CalendarEvent[];
}

/**
 * The events of [from, to). While another period of the same organisation loads, the last one's answer
 * stays (its events fall on none of the new days), so the grid stays drawn, with the keyboard's place
 * in it, instead of giving way to the loading line; never another organisation's.
 */
export function useCalendarEvents(orgName: string | null, from: string, to: string) {
  const queryKey = calendarQueryKey(orgName, from, to);
  return useQuery({
    queryKey,
    queryFn: () => fetchCalendarEvents(orgName ?? '', from, to),
    enabled: orgName !== null,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[ORG_IN_KEY] === orgName ? previous : undefined),
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}

const dayOf = (local: string) => local.slice(0, 10);

/**
 * The days an event shows on: a stay on each night (check-in day up to the day before check-out), a
 * shift on each day it touches, a task on its due day, a project on its start day and its due day.
 */
export function eventDays(event: CalendarEvent): string[] {
  const start = dayOf(event.starts_local);
  const end = dayOf(event.ends_local);
  if (event.kind === 'task') return [start];
  if (event.kind === 'project') return start === end ? [start] : [start, end];
  const last = event.kind === 'reservation' && end > start ? addDays(end, -1) : end;
  const span = Math.max(0, Math.min(dayDiff(start, last), 366));
  return Array.from({ length: span + 1 }, (_, index) => addDays(start, index));
}

const KIND_ORDER: Record<CalendarKind, number> = { project: 0, task: 1, shift: 2, reservation: 3 };

/** Events by day, for the days shown, each day's in a stable order (projects, tasks, shifts by time, stays by unit). */
export function eventsByDay(events: readonly CalendarEvent[], days: readonly string[], kinds: ReadonlySet<CalendarKind>): Map<string, CalendarEvent[]> {
  const shown = new Set(days);
  const byDay = new Map<string, CalendarEvent[]>(days.map((day) => [day, []]));
  for (const event of events) {
    if (!kinds.has(event.kind)) continue;
    for (const day of eventDays(event)) if (shown.has(day)) byDay.get(day)?.push(event);
  }
  for (const list of byDay.values()) {
    list.sort(
      (a, b) =>
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        a.starts_local.localeCompare(b.starts_local) ||
        (a.unit ?? '').localeCompare(b.unit ?? '') ||
        a.title.localeCompare(b.title),
    );
  }
  return byDay;
}

/** The words on an item: 'Cabin 1 – Hemlock: Whitaker party', 'Front desk', 'Due: Renew permits' (times are added where they show). */
export function eventLabel(event: CalendarEvent, day: string): string {
  switch (event.kind) {
    case 'reservation':
      return `${event.unit ? `${event.unit}: ` : ''}${event.title}`;
    case 'shift':
      return event.title;
    case 'task':
      return t('calendar.taskDue', { title: event.title });
    case 'project':
      return dayOf(event.starts_local) === day && dayOf(event.ends_local) !== day ? t('calendar.projectStarts', { title: event.title }) : t('calendar.projectDue', { title: event.title });
  }
}
