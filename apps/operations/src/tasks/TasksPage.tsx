import { tableRef, type AnyRow } from '@steward/libs/data-access';
import { ListPage, useListPage } from '@steward/libs/list';
import { taskColumns } from './taskColumns';

const tasks = tableRef<AnyRow>('ops', 'tasks');

/** /tasks (001 §2): tasks with their subtasks (embedded in the same request), the saved tasks_filters. */
export function TasksPage() {
  const list = useListPage<AnyRow>({
    title: 'Tasks',
    columns: taskColumns,
    source: { kind: 'table', table: tasks, select: '*, subtasks(id, title, status)', orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'created_at', order: 'desc' }],
  });
  return <ListPage list={list} savedFilterKey="tasks_filters" />;
}
