import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from '@steward/libs/router';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { OpenRecordEffect, RecordEditorModal, useAddressedRecord, useFormWithCustomFields, useRecordEditor, type RecordEditorApi } from '@steward/libs/form';
import { ListPage, WithCustomColumns, bulkFieldsOf, useColumnsWithCustom, useListPage, type ListColumn, type ListPageOptions } from '@steward/libs/list';
import { MyWork } from './MyWork';
import { TaskBoard } from './TaskBoard';
import { TaskViewNav, taskViewOf } from './TaskViewNav';
import { taskColumns } from './taskColumns';
import { subtaskFields, taskFields } from './taskFields';
import { tasksTable } from './taskQueries';
import { useT } from '../i18n';

const subtasks = tableRef<AnyRow>('ops', 'subtasks');
/** Tasks with their owner's name and what they are about (ops.tasks_view); written through ops.tasks. */
const tasksView = tableRef<AnyRow>('ops', 'tasks_view');

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
  const t = useT();
  const { value: openShortId, done: opened } = useAddressedRecord('task');
  const fields = useMemo(() => taskFields(t), [t]);
  const subtaskForm = useMemo(() => subtaskFields(t), [t]);
  const taskEditor = useRecordEditor<AnyRow>({ table: tasksTable, label: t('tasks.task'), ...useFormWithCustomFields('task', fields) });
  const subtaskEditor = useRecordEditor<AnyRow>({ table: subtasks, fields: subtaskForm, label: t('tasks.subtask') });
  const openTask = useCallback(
    (shortId: string) =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        next.set('task', shortId);
        return next;
      }),
    [setSearchParams],
  );
  const editors = (
    <>
      <RecordEditorModal editor={taskEditor} />
      <RecordEditorModal editor={subtaskEditor} />
      {openShortId ? <OpenRecordEffect table={tasksTable} match={{ short_id: openShortId }} open={taskEditor.openEdit} onDone={opened} /> : null}
    </>
  );
  if (view === 'list')
    return <WithCustomColumns<AnyRow> kind="task">{(custom) => <TasksList taskEditor={taskEditor} subtaskEditor={subtaskEditor} editors={editors} custom={custom} />}</WithCustomColumns>;
  return (
    <div>
      <TaskViewNav current={view} />
      {view === 'board' ? <TaskBoard onOpen={(task) => openTask(task.short_id)} /> : <MyWork onOpen={(task) => openTask(task.short_id)} />}
      {editors}
    </div>
  );
}

/** The tasks list: its columns, then the organisation's own fields of tasks as the person chooses them. */
function TasksList({ taskEditor, subtaskEditor, editors, custom }: { taskEditor: RecordEditorApi; subtaskEditor: RecordEditorApi; editors: ReactNode; custom: readonly ListColumn<AnyRow>[] }) {
  const t = useT();
  const { openEdit: editTask } = taskEditor;
  const { openEdit: editSubtask, openCreate: createSubtask } = subtaskEditor;
  const columns = useMemo(
    () => taskColumns(t, { editTask, editSubtask, addSubtask: (row) => createSubtask({ task_id: row.id, status: 'To Do' }) }),
    [t, editTask, editSubtask, createSubtask],
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
      <ListPage list={list} savedFilterKey="tasks_filters" toolbarExtra={chosen.button} addNew={{ onClick: () => taskEditor.openCreate(NEW_TASK), children: t('common.addNew') }}>
        {editors}
      </ListPage>
    </>
  );
}
