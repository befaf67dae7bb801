import type { AnyRow } from '@steward/libs/data';
import { weekdayNames } from '@steward/libs/i18n';
import { contactMethodsColumn, nameColumn, statusColumn, type ListColumn } from '@steward/libs/list';
import type { TeamPortalT } from '../i18n';

/** The availability's days, Monday to Sunday. */
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Up to three assignment names joined by a bullet. */
export function jobText(assignments: unknown): string {
  if (!Array.isArray(assignments)) return '';
  return assignments.filter((name): name is string => typeof name === 'string' && name !== '').slice(0, 3).join(' • ');
}

/** The days someone is available, Monday to Sunday, named in the person's language: "Mon, Tue, Fri". */
export function availabilityText(availability: unknown): string {
  if (!availability || typeof availability !== 'object') return '';
  const days = availability as Record<string, unknown>;
  const names = weekdayNames(1);
  return DAYS.flatMap((day, index) => (days[day] === true ? [names[index]] : [])).join(', ');
}

/** Team Directory: Name, Job / Assignments, Availability, Contact, Status. */
export const staffColumns = (t: TeamPortalT): readonly ListColumn<AnyRow>[] => [
  nameColumn({ title: t('field.name'), href: (row) => (row.short_id ? `/Staff/${String(row.short_id)}` : null) }),
  { key: 'assignments', title: t('staff.column.job'), field: 'assignment_names', render: (row) => jobText(row.assignment_names) || '—', exportValue: (row) => jobText(row.assignment_names) },
  { key: 'availability', title: t('staff.column.availability'), field: 'availability', render: (row) => availabilityText(row.availability) || '—', exportValue: (row) => availabilityText(row.availability) },
  contactMethodsColumn({ phoneField: 'phone', emailField: 'email', title: t('staff.column.contact') }),
  statusColumn(t('field.status')),
];
