import type { AnyRow } from '@steward/libs/data';
import { contactMethodsColumn, nameColumn, statusColumn, type ListColumn } from '@steward/libs/list';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const DAY_LABELS: Record<(typeof DAYS)[number], string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** Up to three assignment names joined by a bullet. */
export function jobText(assignments: unknown): string {
  if (!Array.isArray(assignments)) return '';
  return assignments.filter((name): name is string => typeof name === 'string' && name !== '').slice(0, 3).join(' • ');
}

/** The days someone is available, Monday to Sunday: "Mon, Tue, Fri". */
export function availabilityText(availability: unknown): string {
  if (!availability || typeof availability !== 'object') return '';
  const days = availability as Record<string, unknown>;
  return DAYS.filter((day) => days[day] === true).map((day) => DAY_LABELS[day]).join(', ');
}

/** Team Directory: Name, Job / Assignments, Availability, Contact, Status. */
export const staffColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({ href: (row) => (row.short_id ? `/Staff/${String(row.short_id)}` : null) }),
  { key: 'assignments', title: 'Job / Assignments', field: 'assignment_names', render: (row) => jobText(row.assignment_names) || '—', exportValue: (row) => jobText(row.assignment_names) },
  { key: 'availability', title: 'Availability', field: 'availability', render: (row) => availabilityText(row.availability) || '—', exportValue: (row) => availabilityText(row.availability) },
  contactMethodsColumn({ phoneField: 'phone', emailField: 'email', title: 'Contact' }),
  statusColumn(),
];
