import { useSearchParams } from 'react-router';
import { AddNewDialog, useAddNewDialog, type AddNewConfig } from '@steward/libs/editor';
import { ListPage, useListPage, type ListColumn } from '@steward/libs/list';
import type { AnyRow, TableRef } from '@steward/libs/data-access';

export type RecordListPageProps<Row extends AnyRow> = {
  /** The list's title: the export file is named after it. */
  title: string;
  view: TableRef<Row>;
  columns: readonly ListColumn<Row>[];
  addNew: AddNewConfig<AnyRow>;
  /** Saved-filter key of this list, when the spec names one. */
  savedFilterKey?: string;
};

/**
 * A CRM list screen (000 §2): the organisation's rows and the shared defaults, 'S' badge, toolbar with
 * Filters, Sort, Export and Add New, filters kept in the URL, optional `short_id` for one record. The
 * list reloads when Add New succeeds (the insert invalidates the schema's queries).
 */
export function RecordListPage<Row extends AnyRow>({ title, view, columns, addNew, savedFilterKey }: RecordListPageProps<Row>) {
  // One-record mode: /businesses?short_id=… (000 §2 'optional param short_id').
  const [searchParams] = useSearchParams();
  const shortId = searchParams.get('short_id');
  const list = useListPage<Row>({
    title,
    columns,
    source: { kind: 'table', table: view, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'name', order: 'asc' }],
    shortId: shortId ?? null,
  });
  const dialog = useAddNewDialog(addNew);
  return (
    <ListPage list={list} addNew={dialog.buttonProps} savedFilterKey={savedFilterKey}>
      <AddNewDialog dialog={dialog} />
    </ListPage>
  );
}
