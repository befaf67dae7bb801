import { useMemo } from 'react';
import { useParams } from '@steward/libs/router';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { RecordEditorModal, useRecordEditor } from '@steward/libs/form';
import { bulkFieldsOf, editColumn, ListPage, RecordHistory, useListPage, type ListColumn } from '@steward/libs/list';
import type { SortSpec } from '@steward/libs/filter';
import type { TeamEditor } from '../editing/teamEditors';

export type TeamListProps = {
  /** The list's title; the export file is named after it. */
  title: string;
  view: string;
  columns: readonly ListColumn<AnyRow>[];
  /** The route parameter that puts the list in one-record mode (e.g. /Staff/{short_id}). */
  recordParam?: 'short_id' | 'id';
  defaultSort?: SortSpec;
  /** Add New and Edit through the generic editor, writing the view's base table. */
  editor?: TeamEditor;
};

// Hooks run on every list; lists without an editor never open this one.
const STAFF_TABLE = tableRef<AnyRow>('hr', 'staff_profiles');
const NO_EDITOR: TeamEditor = { table: tableRef<AnyRow>('hr', 'groups'), fields: [], label: '' };

/**
 * A team portal list: the organisation's rows and the shared defaults with the 'S' badge,
 * filters kept in the URL, export of every listed field with headers, a one-record mode, and (when
 * the list has an editor) Add New and Edit with the editor's validation and lost-update refusal.
 */
export function TeamList({ title, view, columns, recordParam, defaultSort = [{ field: 'name', order: 'asc' }], editor }: TeamListProps) {
  const params = useParams();
  const record = recordParam ? (params[recordParam] ?? null) : null;
  const recordEditor = useRecordEditor<AnyRow>(editor ?? NO_EDITOR);
  const { openEdit } = recordEditor;
  const listed = useMemo<readonly ListColumn<AnyRow>[]>(
    () =>
      editor
        ? [
            ...columns,
            editColumn(openEdit),
          ]
        : columns,
    [columns, editor, openEdit],
  );
  const list = useListPage<AnyRow>({
    title,
    columns: listed,
    source: { kind: 'table', table: tableRef<AnyRow>('hr', view), orgScoped: true, excludeArchived: true, eq: record && recordParam === 'id' ? { id: record } : undefined },
    defaultSort,
    shortId: recordParam === 'short_id' ? record : null,
    // Rows are archived, restored and changed in bulk on the table behind the view.
    lifecycle: {
      table: editor?.table ?? STAFF_TABLE,
      noun: { one: title === 'Team Directory' ? 'staff member' : title.toLowerCase().replace(/s$/, ''), many: title === 'Team Directory' ? 'staff' : title.toLowerCase() },
      fields: editor ? bulkFieldsOf(editor.fields) : [],
      canDelete: Boolean(editor),
    },
  });
  return (
    <ListPage list={list} addNew={editor ? { onClick: () => recordEditor.openCreate({ status: 'Active' }), children: 'Add New' } : undefined}>
      {editor ? <RecordEditorModal editor={recordEditor} /> : null}
      {/* One record (/staff/{short_id}, /shift/{short_id}, /position/{id}): its history under it. */}
      {record && list.rows.length === 1 && typeof list.rows[0]?.id === 'string' ? (
        <section aria-labelledby="record-history-heading">
          <h3 id="record-history-heading">History</h3>
          <RecordHistory table={editor?.table ?? STAFF_TABLE} recordId={list.rows[0].id} label={`History of ${String(list.rows[0].name ?? title)}`} />
        </section>
      ) : null}
    </ListPage>
  );
}
