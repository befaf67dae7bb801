import { useMemo } from 'react';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { OpenRecordEffect, RecordEditorModal, useAddressedRecord, useFormWithCustomFields, useRecordEditor, type FieldDef } from '@steward/libs/form';
import { bulkFieldsOf, dateColumn, editColumn, ListPage, nameColumn, OpenTasks, statusColumn, textColumn, useColumnsWithCustom, useListPage, WithCustomColumns, type ListColumn } from '@steward/libs/list';

const projects = tableRef<AnyRow>('ops', 'projects');

export const PROJECT_STATUSES = ['Planned', 'Active', 'On Hold', 'Completed', 'Cancelled'] as const;

export const projectFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'status', label: 'Status', type: 'select', options: PROJECT_STATUSES.map((status) => ({ value: status, label: status })), required: true },
  { name: 'start_date', label: 'Start date', type: 'date' },
  { name: 'due_date', label: 'Due date', type: 'date' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'owner_id', label: 'Owner', relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name' } },
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
  const editor = useRecordEditor<AnyRow>({ table: projects, label: 'Project', ...useFormWithCustomFields('project', projectFields) });
  const { openEdit } = editor;
  const { value: openShortId, done: opened } = useAddressedRecord('project');
  const columns = useMemo<ListColumn<AnyRow>[]>(
    () => [
      nameColumn({}),
      statusColumn(),
      dateColumn('start_date', 'Start date'),
      dateColumn('due_date', 'Due date'),
      textColumn('description', 'Description'),
      editColumn(openEdit),
    ],
    [openEdit],
  );
  const chosen = useColumnsWithCustom<AnyRow>({ listKey: 'projects', columns, custom });
  const list = useListPage<AnyRow>({
    title: 'Projects',
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    source: { kind: 'table', table: projects, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'created_at', order: 'desc' }],
    lifecycle: { table: projects, noun: { one: 'project', many: 'projects' }, fields: bulkFieldsOf(projectFields), canDelete: true },
  });
  return (
    <ListPage list={list} emptyText="No projects found." toolbarExtra={chosen.button} addNew={{ onClick: () => editor.openCreate({ status: 'Active' }), children: 'Add New' }}>
      <RecordEditorModal editor={editor} savedExtra={(id) => <OpenTasks column="project_id" recordId={id} />} />
      {openShortId ? <OpenRecordEffect table={projects} match={{ short_id: openShortId }} open={openEdit} onDone={opened} /> : null}
    </ListPage>
  );
}
