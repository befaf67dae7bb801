import type { FieldDef } from '@steward/libs/form';
import type { OperationsMessageId, OperationsT } from '../i18n';

/** The task and subtask statuses the database allows (tasks_status_check, subtasks_status_check). */
export const TASK_STATUSES = ['To Do', 'In Progress', 'Blocked', 'Done'] as const;
export const TASK_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;

/** Each status's and priority's words (the database keeps the English value). */
const VALUE_WORDS: Readonly<Record<string, OperationsMessageId>> = {
  'To Do': 'tasks.status.toDo',
  'In Progress': 'tasks.status.inProgress',
  Blocked: 'tasks.status.blocked',
  Done: 'tasks.status.done',
  Low: 'tasks.priority.low',
  Normal: 'tasks.priority.normal',
  High: 'tasks.priority.high',
  Urgent: 'tasks.priority.urgent',
};

/** A task's status or priority in the page's language; a value the list does not know, as it is. */
export const taskValueText = (t: OperationsT, value: string): string => {
  const id = VALUE_WORDS[value];
  return id ? t(id) : value;
};

const optionsOf = (t: OperationsT, values: readonly string[]) => values.map((value) => ({ value, label: taskValueText(t, value) }));

/** The generic editor's form for a task, in the page's language. */
export const taskFields = (t: OperationsT): readonly FieldDef[] => [
  { name: 'title', label: t('tasks.field.title'), required: true },
  { name: 'description', label: t('tasks.field.description'), type: 'textarea' },
  { name: 'status', label: t('tasks.field.status'), type: 'select', options: optionsOf(t, TASK_STATUSES), required: true },
  { name: 'priority', label: t('tasks.field.priority'), type: 'select', options: optionsOf(t, TASK_PRIORITIES), required: true },
  { name: 'assignee_id', label: t('tasks.field.assignee'), relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name', orgScoped: true } },
  { name: 'due_date', label: t('tasks.field.dueDate'), type: 'date' },
  { name: 'project_id', label: t('tasks.field.project'), relation: { schema: 'ops', table: 'projects', valueField: 'id', labelField: 'name' } },
  // The record the task is about (the database keeps it in the task's organisation).
  { name: 'contact_id', label: t('tasks.field.contact'), relation: { schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' } },
  { name: 'business_id', label: t('tasks.field.business'), relation: { schema: 'crm', table: 'businesses', valueField: 'id', labelField: 'name' } },
  { name: 'household_id', label: t('tasks.field.household'), relation: { schema: 'crm', table: 'households', valueField: 'id', labelField: 'name' } },
  { name: 'reservation_id', label: t('tasks.field.reservation'), relation: { schema: 'catalog', table: 'reservations', valueField: 'id', labelField: 'name' } },
];

/** The generic editor's form for a subtask; its task is chosen when it is added. */
export const subtaskFields = (t: OperationsT): readonly FieldDef[] => [
  { name: 'title', label: t('tasks.field.title'), required: true },
  { name: 'status', label: t('tasks.field.status'), type: 'select', options: optionsOf(t, TASK_STATUSES), required: true },
  { name: 'task_id', label: t('tasks.field.task'), relation: { schema: 'ops', table: 'tasks', valueField: 'id', labelField: 'title' }, required: true },
];
