import { useMemo } from 'react';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { OpenRecordEffect, RecordEditorModal, useAddressedRecord, useFormWithCustomFields, useRecordEditor, type FieldDef } from '@steward/libs/form';
import { bulkFieldsOf, dateColumn, editColumn, ListPage, nameColumn, OpenTasks, statusColumn, textColumn, useColumnsWithCustom, useListPage, WithCustomColumns, type ListColumn } from '@steward/libs/list';
import { useT, type OperationsMessageId, type OperationsT } from '../i18n';

const projects = tableRef<AnyRow>('ops', 'projects');

export const PROJECT_STATUSES = ['Planned', 'Active', 'On Hold', 'Completed', 'Cancelled'] as const;

/** Each status's words (the database keeps the English value). */
const STATUS_WORDS: Readonly<Record<(typeof PROJECT_STATUSES)[number], OperationsMessageId>> = {
  Planned: 'projects.status.planned',
  Active: 'projects.status.active',
  'On Hold': 'projects.status.onHold',
  Completed: 'projects.status.completed',
  Cancelled: 'projects.status.cancelled',
};

/** The generic editor's form for a project, in the page's language. */
export const projectFields = (t: OperationsT): readonly FieldDef[] => [
  { name: 'name', label: t('projects.field.name'), required: true },
  { name: 'status', label: t('projects.field.status'), type: 'select', options: PROJECT_STATUSES.map((status) => ({ value: status, label: t(STATUS_WORDS[status]) })), required: true },
  { name: 'start_date', label: t('projects.field.startDate'), type: 'date' },
  { name: 'due_date', label: t('projects.field.dueDate'), type: 'date' },
  { name: 'description', label: t('projects.field.description'), type: 'textarea' },
  { name: 'owner_id', label: t('projects.field.owner'), relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name' } },
];

/**
 * /projects: up to five fields, newest first, 'No projects found.', blanks as a dash.
 * `?project=<short id>` opens that project (a task's or the calendar's link); a saved project's
 * editor lists its open tasks. The organisation's own fields of projects are columns to choose and
 * the form's "More fields".
 */
export function ProjectsPage() {
  return <WithCustomColumns<AnyRow> kind="project">{(custom) => <ProjectsList custom={custom} />}</WithCustomColumns>;
}

function ProjectsList({ custom }: { custom: readonly ListColumn<AnyRow>[] }) {
  const t = useT();
  const fields = useMemo(() => projectFields(t), [t]);
  const editor = useRecordEditor<AnyRow>({ table: projects, label: t('projects.project'), ...useFormWithCustomFields('project', fields) });
  const { openEdit } = editor;
  const { value: openShortId, done: opened } = useAddressedRecord('project');
  const columns = useMemo<ListColumn<AnyRow>[]>(
    () => [
      nameColumn({ title: t('projects.field.name') }),
      statusColumn(t('projects.field.status')),
      dateColumn('start_date', t('projects.field.startDate')),
      dateColumn('due_date', t('projects.field.dueDate')),
      textColumn('description', t('projects.field.description')),
      editColumn(openEdit),
    ],
    [t, openEdit],
  );
  const chosen = useColumnsWithCustom<AnyRow>({ listKey: 'projects', columns, custom });
  const list = useListPage<AnyRow>({
    title: t('projects.title'),
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    source: { kind: 'table', table: projects, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'created_at', order: 'desc' }],
    lifecycle: { table: projects, noun: { one: t('projects.noun.one'), many: t('projects.noun.many') }, fields: bulkFieldsOf(fields), canDelete: true },
  });
  return (
    <ListPage list={list} emptyText={t('projects.empty')} toolbarExtra={chosen.button} addNew={{ onClick: () => editor.openCreate({ status: 'Active' }), children: t('common.addNew') }}>
      <RecordEditorModal editor={editor} savedExtra={(id) => <OpenTasks column="project_id" recordId={id} />} />
      {openShortId ? <OpenRecordEffect table={projects} match={{ short_id: openShortId }} open={openEdit} onDone={opened} /> : null}
    </ListPage>
  );
}
