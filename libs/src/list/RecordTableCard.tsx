import { useMemo } from 'react';
import { Alert, Button } from '@steward/libs/antd';
import { Card } from '@steward/libs/antd-data';
import { errorMessage, useList, useRelationOptions, type AnyRow, type TableRef } from '@steward/libs/data-access';
import { RecordEditorModal, fieldTypeOf, useRecordEditor, visibleFields, type FieldDef } from '@steward/libs/editor';
import { useAccess, useSession } from '@steward/libs/session';
import { SystemBadge, displayValue } from '@steward/libs/ui';
import { DataTable } from './DataTable';
import { RowEditButton } from './columns';
import { MAX_VISIBLE_COLUMNS, type ListColumn } from './listColumn';
import { LOADING_TEXT, NO_ROWS_YET_TEXT } from './listMessages';

function RelationLabel({ field, value }: { field: FieldDef; value: unknown }) {
  const { orgScope } = useSession();
  const relation = field.relation;
  const options = useRelationOptions(relation ? { ...relation, ...(relation.orgScoped === false ? {} : { orgScope }) } : null);
  if (value === null || value === undefined || value === '') return <>—</>;
  return <>{options.data?.find((option) => option.value === String(value))?.label ?? String(value)}</>;
}

const rowId = (row: AnyRow) => String(row.id);

export type RecordTableCardProps = {
  /** Card heading (the tab's panel title: 'Accommodations', 'Block Outs', 'Files / Images'…). */
  title: string;
  /** Singular name for the editor: 'New {label}' / 'Edit {label}'. */
  label: string;
  table: TableRef<AnyRow>;
  fields: readonly FieldDef[];
  /** The fields shown as columns; default: the first five visible ones. */
  columnFields?: readonly string[];
};

/**
 * One table of the generic record editor (e.g. Lodging Settings): the organisation's rows,
 * newest first, limit 200; Add New and Edit open the record editor.
 */
export function RecordTableCard({ title, label, table, fields, columnFields }: RecordTableCardProps) {
  const session = useSession();
  const editor = useRecordEditor<AnyRow>({ table, fields, label });
  const canCreate = useAccess().create;
  const rows = useList<AnyRow>(
    table,
    { eq: { org_name: session.orgName }, sort: [{ field: 'created_at', order: 'desc' }], pageSize: 200 },
    { enabled: Boolean(session.orgName) },
  );
  const shown = useMemo(() => {
    const visible = visibleFields(fields);
    return columnFields ? visible.filter((field) => columnFields.includes(field.name)) : visible.slice(0, MAX_VISIBLE_COLUMNS);
  }, [columnFields, fields]);
  const columns: ListColumn<AnyRow>[] = [
    ...shown.map((field, index) => ({
      key: field.name,
      title: field.label,
      render: (row: AnyRow) => (
        <>
          {fieldTypeOf(field) === 'relation' ? <RelationLabel field={field} value={row[field.name]} /> : displayValue(row[field.name])}
          {index === 0 ? <SystemBadge orgName={row.org_name} /> : null}
        </>
      ),
      exportValue: (row: AnyRow) => displayValue(row[field.name]),
    })),
    {
      key: 'actions',
      title: 'Actions',
      render: (row: AnyRow) => <RowEditButton row={row} name={displayValue(row[shown[0]?.name ?? 'id'])} onOpen={() => editor.openEdit(row)} />,
    },
  ];
  const loading = session.loading || rows.isLoading;
  return (
    <Card
      title={title}
      extra={
        canCreate ? (
          <Button type="primary" onClick={() => editor.openCreate()} disabled={!session.orgName || !session.user}>
            Add New
          </Button>
        ) : null
      }
    >
      {rows.error ? <Alert type="error" showIcon title={errorMessage(rows.error, 'Unknown error')} style={{ marginBottom: 12 }} /> : null}
      <DataTable<AnyRow>
        label={title}
        busy={rows.isFetching}
        rowKey={rowId}
        columns={columns}
        rows={rows.data?.rows ?? []}
        placeholder={loading ? LOADING_TEXT : NO_ROWS_YET_TEXT}
        maxHeight="min(560px, 70dvh)"
      />
      <RecordEditorModal editor={editor} />
    </Card>
  );
}
