import { lazy, useCallback, useMemo } from 'react';
import { useSearchParams } from '@steward/libs/router';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { AskedEditors, useEditorRequests, type EditorRequests } from '@steward/libs/ui/core';
import { ListPage, WithCustomColumns, bulkFieldsOf, useColumnsWithCustom, useListPage, type ListColumn, type ListPageOptions } from '@steward/libs/list';
import { MyWork } from './MyWork';
import { TaskBoard } from './TaskBoard';
import type { TaskEditorName } from './TaskEditors';
import { TaskViewNav, taskViewOf } from './TaskViewNav';
import { taskColumns } from './taskColumns';
import { taskFields } from './taskFields';
import { tasksTable } from './taskQueries';
import { useT } from '../i18n';

/** Tasks with their owner's name and what they are about (ops.tasks_view); written through ops.tasks. */
const tasksView = tableRef<AnyRow>('ops', 'tasks_view');

/** The editors and the form layer, loaded when one is first asked for: not with the list. */
const TaskEditors = lazy(() => import('./TaskEditors').then((module) => ({ default: module.TaskEditors })));

/**
 * The tasks list's source: tasks with who owns them and what they are about (ops.tasks_view), newest
 * first; what it reads, their subtasks embedded, is what its columns say (also what the area prefetches).
 */
export const TASKS_LIST: Pick<ListPageOptions<AnyRow>, 'source' | 'defaultSort'> = {
  source: {
    kind: 'table',
    table: tasksView,
    orgScoped: true,
    excludeArchived: true,
  },
  defaultSort: [{ field: 'created_at', order: 'desc' }],
};

const NEW_TASK = { status: 'To Do', priority: 'Normal' };

/**
 * /tasks in three views: the list (tasks with their subtasks, the saved tasks_filters), the
 * board by status, and My work. `?task=<short id>` opens that task in the editor.
 */
export function TasksPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = taskViewOf(searchParams.get('view'));
  // Mounted from the first ask, or a task named in the address, in one place whichever view shows.
  const editors = useEditorRequests<TaskEditorName>({ addressed: searchParams.has('task') });
  const openTask = useCallback(
    (shortId: string) =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        next.set('task', shortId);
        return next;
      }),
    [setSearchParams],
  );
  return (
    <>
      {view === 'list' ? (
        <WithCustomColumns<AnyRow> kind="task">{(custom) => <TasksList editors={editors} custom={custom} />}</WithCustomColumns>
      ) : (
        <div>
          <TaskViewNav current={view} />
          {view === 'board' ? <TaskBoard onOpen={(task) => openTask(task.short_id)} /> : <MyWork onOpen={(task) => openTask(task.short_id)} />}
        </div>
      )}
      <AskedEditors editors={editors}>
        <TaskEditors request={editors.request} />
      </AskedEditors>
    </>
  );
}

/** The tasks list: its columns, then the organisation's own fields of tasks as the person chooses them. */
function TasksList({ editors, custom }: { editors: EditorRequests<TaskEditorName>; custom: readonly ListColumn<AnyRow>[] }) {
  const t = useT();
  const { openEdit, openCreate } = editors;
  const columns = useMemo(
    () =>
      taskColumns(t, {
        editTask: (row) => openEdit('task', row),
        editSubtask: (row) => openEdit('subtask', row),
        addSubtask: (row) => openCreate('subtask', { task_id: row.id, status: 'To Do' }),
      }),
    [t, openEdit, openCreate],
  );
  const fields = useMemo(() => bulkFieldsOf(taskFields(t)), [t]);
  const chosen = useColumnsWithCustom<AnyRow>({ listKey: 'tasks', columns, custom });
  const list = useListPage<AnyRow>({
    title: t('tasks.title'),
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    ...TASKS_LIST,
    lifecycle: { table: tasksTable, noun: { one: t('tasks.noun.one'), many: t('tasks.noun.many') }, fields, canDelete: true, label: (row) => String(row.title ?? t('tasks.noun.one')) },
  });
  return (
    <>
      <TaskViewNav current="list" />
      <ListPage list={list} savedFilterKey="tasks_filters" toolbarExtra={chosen.button} addNew={{ onClick: () => openCreate('task', NEW_TASK), children: t('common.addNew') }} />
    </>
  );
}
