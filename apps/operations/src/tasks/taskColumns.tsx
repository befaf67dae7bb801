import { isSystemDefaultRow, type AnyRow } from '@steward/libs/data';
import { Link } from '@steward/libs/router';
import { useAccess } from '@steward/libs/session';
import { dateColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { useT, type OperationsT } from '../i18n';
import { taskValueText } from './taskFields';
import './tasks.css';

export type Subtask = { id: string; title: string; status: string };

const subtasksOf = (row: AnyRow): Subtask[] => (Array.isArray(row.subtasks) ? (row.subtasks as Subtask[]) : []);

/** Each subtask as its title with its status, or 'No subtasks'. */
export function subtasksText(t: OperationsT, row: AnyRow): string {
  const subtasks = subtasksOf(row);
  return subtasks.length === 0 ? t('tasks.noSubtasks') : subtasks.map((subtask) => `${subtask.title} (${taskValueText(t, subtask.status)})`).join('; ');
}

/** What the task list can do with a row: edit it, add a subtask to it, edit one of its subtasks. */
export type TaskActions = {
  editTask: (row: AnyRow) => void;
  addSubtask: (row: AnyRow) => void;
  editSubtask: (subtaskId: string) => void;
};

/** The record a task is about, linking to its page ('Business: Blue Ridge Paddle Co.'). */
const recordColumn = (t: OperationsT): ListColumn<AnyRow> => ({
  key: 'record_label',
  title: t('tasks.column.about'),
  field: 'record_label',
  reads: ['record_label', 'record_path'],
  filterable: true,
  render: (row) => {
    const label = typeof row.record_label === 'string' ? row.record_label : '';
    const path = typeof row.record_path === 'string' ? row.record_path : '';
    if (!label) return '—';
    return path ? <Link to={path}>{label}</Link> : label;
  },
  exportValue: (row) => (typeof row.record_label === 'string' ? row.record_label : ''),
});

/**
 * Tasks: Title, Description, Status, Subtasks, and who owns it, by when, how urgent and what
 * it is about; with actions when the list can edit.
 */
export function taskColumns(t: OperationsT, actions?: TaskActions): readonly ListColumn<AnyRow>[] {
  const columns: ListColumn<AnyRow>[] = [
    textColumn('title', t('tasks.field.title')),
    textColumn('description', t('tasks.field.description')),
    statusColumn(t('tasks.field.status')),
    textColumn('assignee_name', t('tasks.field.assignee')),
    dateColumn('due_date', t('tasks.field.dueDate')),
    textColumn('priority', t('tasks.field.priority'), { render: (row) => (typeof row.priority === 'string' && row.priority ? taskValueText(t, row.priority) : '—'), reads: ['priority'] }),
    recordColumn(t),
    {
      key: 'subtasks',
      title: t('tasks.column.subtasks'),
      // Each subtask's title and status, embedded; the organisation says whether they can be edited.
      reads: ['subtasks(id,title,status)', 'org_name'],
      render: (row) => {
        const subtasks = subtasksOf(row);
        if (subtasks.length === 0) return t('tasks.noSubtasks');
        const editable = actions && !isSystemDefaultRow(row);
        return (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {subtasks.map((subtask) => (
              <li key={subtask.id}>
                {editable ? (
                  <button type="button" className="stw-subtask-link" onClick={() => actions.editSubtask(subtask.id)}>
                    {subtask.title}
                  </button>
                ) : (
                  subtask.title
                )}{' '}
                <span>({taskValueText(t, subtask.status)})</span>
              </li>
            ))}
          </ul>
        );
      },
      exportValue: (row) => subtasksText(t, row),
    },
  ];
  if (!actions) return columns;
  columns.push({
    key: 'actions',
    title: t('tasks.column.actions'),
    exported: false,
    // Whose task it is (the role may change only its own), its organisation and its name for the buttons.
    // The editor reads the whole task again when it opens.
    reads: ['title', 'org_name', 'created_by', 'assignee_id'],
    render: (row) => (isSystemDefaultRow(row) ? null : <TaskRowActions row={row} actions={actions} />),
  });
  return columns;
}

/** Edit (View on a task the role does not let the person change) and Add subtask, which changes the task. */
function TaskRowActions({ row, actions }: { row: AnyRow; actions: TaskActions }) {
  const t = useT();
  const { canEditRow, create } = useAccess();
  const editable = canEditRow(row);
  const title = String(row.title);
  return (
    <div className="stw-task-actions">
      <button type="button" className="stw-row-action" onClick={() => actions.editTask(row)} aria-label={editable ? t('tasks.editNamed', { title }) : t('tasks.viewNamed', { title })}>
        {editable ? t('tasks.edit') : t('tasks.view')}
      </button>
      {editable && create ? (
        <button type="button" className="stw-row-action" onClick={() => actions.addSubtask(row)} aria-label={t('tasks.addSubtaskTo', { title })}>
          {t('tasks.addSubtask')}
        </button>
      ) : null}
    </div>
  );
}
