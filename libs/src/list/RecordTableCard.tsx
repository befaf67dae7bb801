import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Flex } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { errorMessage, useList, useRelationOptions, type AnyRow, type TableRef } from '@steward/libs/data';
import { RecordEditorModal, fieldTypeOf, useFormWithCustomFields, useRecordEditor, visibleFields, type FieldDef } from '@steward/libs/form';
import { useAccess, useSession } from '@steward/libs/session';
import { SystemBadge, displayValue } from '@steward/libs/ui';
import { bulkFieldsOf } from './bulk/bulkFields';
import { archivedHint } from './bulk/bulkWords';
import { DataTable } from './DataTable';
import { SelectionBar } from './ListTable';
import { RowEditButton } from './columns';
import { MAX_VISIBLE_COLUMNS, csvColumnsOf, fieldsOfColumns, type ListColumn } from './listColumn';
import { FilterPanel } from './FilterPanel';
import { SortPanel } from './SortPanel';
import { useFilterState } from './useFilterState';
import { lifecycleRules, type BulkTarget } from './useListPage';
import { BulkActionsPlaceholder } from './bulk/BulkActionsPlaceholder';
import { useRowSelection } from './useRowSelection';
import { ChosenColumns, useCustomColumns, useSensitiveValues } from './customColumns';
import { filterRows, sortRows } from '@steward/libs/filter';
import { later, useT } from '@steward/libs/messages';
import { withWords } from '@steward/libs/i18n';

// Bulk actions draw with selects: they load when the first row is selected.
const BulkActions = lazy(() => withWords(import('./bulk/BulkActions'), later)) as unknown as (props: { list: BulkTarget<AnyRow> }) => ReactNode;

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
  /**
   * The kind of record (settings.custom_fields) whose organisation fields the form shows under "More
   * fields" and the card offers as columns to choose ('accommodation').
   */
  customKind?: string;
};

/**
 * One table of the generic record editor (e.g. Lodging Settings): the organisation's rows,
 * newest first, limit 200; Add New and Edit open the record editor. Like every list it has an
 * Archived view (its own switch, so several cards on a page do not share it) and bulk actions on the
 * selected rows: set a type where the table has one, archive, restore, export the selection, delete
 * archived rows for good — one database call each, with Undo.
 */
export function RecordTableCard(props: RecordTableCardProps) {
  return props.customKind ? <FilteredCard {...props} customKind={props.customKind} /> : <CardBody {...props} filtering={null} />;
}

const NO_SORT: readonly never[] = [];
const NO_ROWS: readonly AnyRow[] = [];
const NO_FILTERING = { filterState: null, custom: [], filterFields: [], fieldTypes: {}, sortable: [], sortLabels: {} };

/**
 * The organisation's fields as the card's columns to choose, filtering and sorting its rows as on the
 * other lists (the URL holds them), in memory: the card reads all its rows at once.
 */
function useCardFiltering(kind: string) {
  const custom = useCustomColumns<AnyRow>(kind).columns;
  const { fields: filterFields, fieldTypes, sortable, sortLabels } = useMemo(() => fieldsOfColumns(custom), [custom]);
  const filterState = useFilterState({ fields: filterFields, sortable });
  return { filterState, custom, filterFields, fieldTypes, sortable, sortLabels };
}

function FilteredCard(props: RecordTableCardProps & { customKind: string }) {
  return <CardBody {...props} filtering={useCardFiltering(props.customKind)} />;
}

function CardBody({ title, label, table, fields, columnFields, customKind, filtering }: RecordTableCardProps & { filtering: ReturnType<typeof useCardFiltering> | null }) {
  const t = useT();
  const session = useSession();
  const editor = useRecordEditor<AnyRow>({ table, label, ...useFormWithCustomFields(customKind ?? null, fields) });
  const access = useAccess();
  const canCreate = access.create;
  const [archived, setArchived] = useState(false);
  const rows = useList<AnyRow>(
    table,
    { eq: archived ? { org_name: session.orgName, archive: true } : { org_name: session.orgName }, excludeArchived: !archived, sort: [{ field: 'created_at', order: 'desc' }], pageSize: 200 },
    { enabled: Boolean(session.orgName) },
  );
  const shown = useMemo(() => {
    const visible = visibleFields(fields);
    return columnFields ? visible.filter((field) => columnFields.includes(field.name)) : visible.slice(0, MAX_VISIBLE_COLUMNS);
  }, [columnFields, fields]);
  const { openEdit } = editor;
  const ownColumns = useMemo<ListColumn<AnyRow>[]>(
    () => [
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
        title: t('columns.actions'),
        exported: false,
        render: (row: AnyRow) => <RowEditButton row={row} name={displayValue(row[shown[0]?.name ?? 'id'])} onOpen={() => openEdit(row)} />,
      },
    ],
    [shown, openEdit, t],
  );
  const loading = session.loading || rows.isLoading;
  const { filterState, custom, filterFields, fieldTypes, sortable, sortLabels } = filtering ?? NO_FILTERING;
  const filter = filterState?.filter ?? null;
  const sort = filterState?.sort ?? NO_SORT;
  const [panel, setPanel] = useState<'filters' | 'sort' | null>(null);
  // A sensitive field's values, as the person may see them, before the rows are filtered or sorted by it.
  const all = useSensitiveValues(custom, rows.data?.rows ?? NO_ROWS, table.schema);
  const shownRows = useMemo(() => (filter || sort.length ? sortRows(filterRows(all, filter, fieldTypes), sort) : all), [all, filter, sort, fieldTypes]);
  const pageKeys = useMemo(() => shownRows.map(rowId), [shownRows]);
  const selection = useRowSelection({ pageKeys, total: shownRows.length, scope: archived ? 'archived' : 'current' });
  const noun = useMemo(() => ({ one: label.toLowerCase(), many: title.toLowerCase() }), [label, title]);
  const { edit, delete: del } = access;
  const lifecycle = useMemo(
    () => ({
      ...lifecycleRules<AnyRow>({ table, noun, fields: bulkFieldsOf(fields), canDelete: true, label: (row) => displayValue(row[shown[0]?.name ?? 'id']) }, { edit, delete: del }),
      archived,
      showArchived: setArchived,
    }),
    [table, noun, fields, shown, edit, del, archived],
  );
  // Every row the card shows is every row there is (up to its limit): the export writes them.
  const loadAll = useCallback(async () => shownRows, [shownRows]);
  // The card's columns: its own, and with a kind of record the organisation's fields as chosen.
  const card = (columns: readonly ListColumn<AnyRow>[], chooser: ReactNode) => {
    const exportCsv = async () => {
      const { buildCsv, csvFileName, downloadTextFile } = await import('./exportCsv');
      downloadTextFile(buildCsv(shownRows, csvColumnsOf(columns)), csvFileName(title));
    };
    const bulkTarget: BulkTarget<AnyRow> = { title, columns, rows: shownRows, rowKey: rowId, access, selection, lifecycle, loadAll, exportCsv };
    return (
      <Card
        className="stw-record-card"
        title={title}
        extra={
          <Flex className="stw-list-actions" gap={8} wrap>
            {filterState && filterFields.length ? (
              <Button aria-expanded={panel === 'filters'} onClick={() => setPanel(panel === 'filters' ? null : 'filters')}>
                {filterState.appliedCount ? t('card.filtersCount', { count: filterState.appliedCount }) : t('toolbar.filters')}
              </Button>
            ) : null}
            {filterState && sortable.length ? (
              <Button aria-expanded={panel === 'sort'} onClick={() => setPanel(panel === 'sort' ? null : 'sort')}>
                {t('toolbar.sort')}
              </Button>
            ) : null}
            {chooser}
            <Button aria-pressed={archived} onClick={() => setArchived(!archived)}>
              {t('list.archived')}
            </Button>
            {canCreate && !archived ? (
              <Button type="primary" onClick={() => editor.openCreate()} disabled={!session.orgName || !session.user}>
                {t('toolbar.addNew')}
              </Button>
            ) : null}
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          {panel === 'filters' && filterState ? <FilterPanel state={filterState} onClose={() => setPanel(null)} /> : null}
          {panel === 'sort' && filterState ? <SortPanel state={filterState} labels={sortLabels} onClose={() => setPanel(null)} /> : null}
          {filterState?.notice ? <Alert type="warning" showIcon title={filterState.notice} closable={{ onClose: filterState.dismissNotice }} /> : null}
          {archived ? <Alert type="info" showIcon title={t('list.archivedNotice', { things: noun.many, hint: archivedHint(lifecycle) })} /> : null}
          {rows.error ? <Alert type="error" showIcon title={errorMessage(rows.error, t('common.unknownError'))} /> : null}
          {selection.count > 0 ? (
            <Suspense fallback={<BulkActionsPlaceholder />}>
              <BulkActions list={bulkTarget} />
            </Suspense>
          ) : null}
          <SelectionBar selection={selection} pageRows={shownRows.length} />
          <DataTable<AnyRow>
            label={archived ? t('card.archivedTitle', { title }) : title}
            busy={rows.isFetching}
            rowKey={rowId}
            columns={columns}
            rows={shownRows}
            selection={selection}
            placeholder={loading ? t('list.loading') : archived ? t('card.noArchived', { things: noun.many }) : t('list.noRowsYet')}
            maxHeight="min(560px, 70dvh)"
          />
        </Flex>
        <RecordEditorModal editor={editor} />
      </Card>
    );
  };
  if (!customKind) return card(ownColumns, null);
  return (
    <ChosenColumns custom={custom} listKey={`${table.schema}.${table.table}`} columns={ownColumns}>
      {card}
    </ChosenColumns>
  );
}
