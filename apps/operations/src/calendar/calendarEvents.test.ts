import { afterEach } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { eventDays, eventLabel, eventsByDay, type CalendarEvent } from './calendarEvents';
import { addMonths, longDay, todayIn, viewDays, viewTitle, weekColumnHead } from './calendarDays';

const event = (values: Partial<CalendarEvent>): CalendarEvent => ({
  kind: 'reservation',
  id: 'r1',
  title: 'Whitaker party',
  detail: null,
  starts_local: '2026-11-24T15:00:00',
  ends_local: '2026-11-26T11:00:00',
  all_day: false,
  color: '#336699',
  unit: 'Cabin 1',
  link: '/reservations',
  ...values,
});

describe('calendar days', () => {
  it('lays a month out in six weeks from Sunday, a week from Sunday, a day alone', () => {
    const month = viewDays('month', '2026-11-25');
    expect(month).toHaveLength(42);
    expect(month[0]).toBe('2026-11-01');
    expect(viewDays('week', '2026-11-25')).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(viewDays('day', '2026-11-25')).toEqual(['2026-11-25']);
    expect(viewTitle('month', '2026-11-25')).toBe('November 2026');
    expect(viewTitle('week', '2026-11-25')).toBe('Week of November 22\u2009–\u200928, 2026');
    expect(longDay('2026-11-25')).toBe('Wednesday, November 25, 2026');
    expect(weekColumnHead('2026-11-22')).toBe('Sun Nov 22');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('takes today from the organisation’s time zone', () => {
    const now = new Date('2026-11-25T03:00:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-24');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-25');
    expect(todayIn('Not/AZone', now)).toBe('2026-11-25');
    expect(todayIn(null, now)).toBe('2026-11-25');
  });
});

describe('calendar events', () => {
  it('shows a stay on its nights, a task on its due day, a project on its start and due days', () => {
    expect(eventDays(event({}))).toEqual(['2026-11-24', '2026-11-25']);
    expect(eventDays(event({ kind: 'task', starts_local: '2026-11-25T00:00:00', ends_local: '2026-11-25T00:00:00' }))).toEqual(['2026-11-25']);
    expect(eventDays(event({ kind: 'project', starts_local: '2026-11-01T00:00:00', ends_local: '2026-12-20T00:00:00' }))).toEqual(['2026-11-01', '2026-12-20']);
    expect(eventDays(event({ kind: 'shift', starts_local: '2026-11-25T22:00:00', ends_local: '2026-11-26T06:00:00' }))).toEqual(['2026-11-25', '2026-11-26']);
  });

  it('groups by the days shown, leaving out hidden kinds', () => {
    const events = [event({}), event({ kind: 'task', id: 't1', title: 'Call', starts_local: '2026-11-25T00:00:00', ends_local: '2026-11-25T00:00:00' })];
    const all = eventsByDay(events, ['2026-11-25'], new Set(['reservation', 'task']));
    expect(all.get('2026-11-25')?.map((item) => item.kind)).toEqual(['task', 'reservation']);
    const stays = eventsByDay(events, ['2026-11-25', '2026-11-26'], new Set(['reservation']));
    expect(stays.get('2026-11-25')).toHaveLength(1);
    expect(stays.get('2026-11-26')).toEqual([]);
    expect(eventLabel(events[0]!, '2026-11-25')).toBe('Cabin 1: Whitaker party');
    expect(eventLabel(events[1]!, '2026-11-25')).toBe('Due: Call');
  });
});

describe('the calendar in Spanish', () => {
  afterEach(async () => {
    await setLocale('en', 'USD');
  });

  it('starts weeks on Monday and names days and months in Spanish', async () => {
    await setLocale('es', 'USD');
    expect(viewDays('week', '2026-11-25')[0]).toBe('2026-11-23');
    expect(viewDays('month', '2026-11-25')[0]).toBe('2026-10-26');
    expect(viewTitle('month', '2026-11-25')).toBe('noviembre de 2026');
    expect(longDay('2026-11-25')).toBe('miércoles, 25 de noviembre de 2026');
    expect(weekColumnHead('2026-11-23')).toBe('lun 23 nov');
    expect(eventLabel(event({ kind: 'task', title: 'Llamar' }), '2026-11-24')).toBe('Vence: Llamar');
  });
});
