import { useMemo } from 'react';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { OpenRecordEffect, RecordEditorModal, useAddressedRecord, useFormWithCustomFields, useOpenOnRequest, useRecordEditor } from '@steward/libs/form';
import type { EditorRequest } from '@steward/libs/ui/core';
import { subtaskFields, taskFields } from './taskFields';
import { tasksTable } from './taskQueries';
import { useT } from '../i18n';

const subtasks = tableRef<AnyRow>('ops', 'subtasks');

export type TaskEditorName = 'task' | 'subtask';

/**
 * The task and subtask editors, with the form layer they need: loaded when the page first asks for one
 * (TasksPage), or when the address names a task (`?task=<short id>`), which then opens.
 */
export function TaskEditors({ request }: { request: EditorRequest<TaskEditorName> | null }) {
  const t = useT();
  const { value: openShortId, done: opened } = useAddressedRecord('task');
  const fields = useMemo(() => taskFields(t), [t]);
  const subtaskForm = useMemo(() => subtaskFields(t), [t]);
  const task = useRecordEditor<AnyRow>({ table: tasksTable, label: t('tasks.task'), ...useFormWithCustomFields('task', fields) });
  const subtask = useRecordEditor<AnyRow>({ table: subtasks, fields: subtaskForm, label: t('tasks.subtask') });
  useOpenOnRequest(request, { task, subtask });
  return (
    <>
      <RecordEditorModal editor={task} />
      <RecordEditorModal editor={subtask} />
      {openShortId ? <OpenRecordEffect table={tasksTable} match={{ short_id: openShortId }} open={task.openEdit} onDone={opened} /> : null}
    </>
  );
}
