import type { FieldDef } from '@steward/libs/form';

/** The task and subtask statuses the database allows (tasks_status_check, subtasks_status_check). */
export const TASK_STATUSES = ['To Do', 'In Progress', 'Blocked', 'Done'] as const;
export const TASK_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;

const statusOptions = TASK_STATUSES.map((status) => ({ value: status, label: status }));

/** The generic editor's form for a task. */
export const taskFields: readonly FieldDef[] = [
  { name: 'title', label: 'Title', required: true },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'status', label: 'Status', type: 'select', options: statusOptions, required: true },
  { name: 'priority', label: 'Priority', type: 'select', options: TASK_PRIORITIES.map((priority) => ({ value: priority, label: priority })), required: true },
  { name: 'assignee_id', label: 'Assignee', relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name', orgScoped: true } },
  { name: 'due_date', label: 'Due date', type: 'date' },
  { name: 'project_id', label: 'Project', relation: { schema: 'ops', table: 'projects', valueField: 'id', labelField: 'name' } },
  // The record the task is about (the database keeps it in the task's organisation).
  { name: 'contact_id', label: 'Contact', relation: { schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' } },
  { name: 'business_id', label: 'Business', relation: { schema: 'crm', table: 'businesses', valueField: 'id', labelField: 'name' } },
  { name: 'household_id', label: 'Household', relation: { schema: 'crm', table: 'households', valueField: 'id', labelField: 'name' } },
  { name: 'reservation_id', label: 'Reservation', relation: { schema: 'catalog', table: 'reservations', valueField: 'id', labelField: 'name' } },
];

/** The generic editor's form for a subtask; its task is chosen when it is added. */
export const subtaskFields: readonly FieldDef[] = [
  { name: 'title', label: 'Title', required: true },
  { name: 'status', label: 'Status', type: 'select', options: statusOptions, required: true },
  { name: 'task_id', label: 'Task', relation: { schema: 'ops', table: 'tasks', valueField: 'id', labelField: 'title' }, required: true },
];
