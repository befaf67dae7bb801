import { useMemo } from 'react';
import { tableRef, type AnyRow } from '@steward/libs/data-access';
import { RecordEditorModal, useRecordEditor } from '@steward/libs/editor';
import { ListPage, useListPage, type ListPageOptions } from '@steward/libs/list';
import { taskColumns } from './taskColumns';
import { subtaskFields, taskFields } from './taskFields';

const tasks = tableRef<AnyRow>('ops', 'tasks');
const subtasks = tableRef<AnyRow>('ops', 'subtasks');

/** The tasks list's request: tasks with their subtasks embedded, newest first (also what the area prefetches). */
export const TASKS_LIST: Pick<ListPageOptions<AnyRow>, 'source' | 'defaultSort'> = {
  source: { kind: 'table', table: tasks, select: '*, subtasks(id, title, status)', orgScoped: true, excludeArchived: true },
  defaultSort: [{ field: 'created_at', order: 'desc' }],
};

/**
 * /tasks: tasks with their subtasks (embedded in the same request), the saved tasks_filters;
 * tasks and their subtasks are added and edited through the generic editor.
 */
export function TasksPage() {
  const taskEditor = useRecordEditor<AnyRow>({ table: tasks, fields: taskFields, label: 'Task' });
  const subtaskEditor = useRecordEditor<AnyRow>({ table: subtasks, fields: subtaskFields, label: 'Subtask' });
  const { openEdit: editTask } = taskEditor;
  const { openEdit: editSubtask, openCreate: createSubtask } = subtaskEditor;
  const columns = useMemo(
    () => taskColumns({ editTask, editSubtask, addSubtask: (row) => createSubtask({ task_id: row.id, status: 'To Do' }) }),
    [editTask, editSubtask, createSubtask],
  );
  const list = useListPage<AnyRow>({ title: 'Tasks', columns, ...TASKS_LIST });
  return (
    <ListPage list={list} savedFilterKey="tasks_filters" addNew={{ onClick: () => taskEditor.openCreate({ status: 'To Do', priority: 'Normal' }), children: 'Add New' }}>
      <RecordEditorModal editor={taskEditor} />
      <RecordEditorModal editor={subtaskEditor} />
    </ListPage>
  );
}
