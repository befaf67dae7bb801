import { useParams } from 'react-router';
import { tableRef, type AnyRow } from '@steward/libs/data-access';
import { ListPage, useListPage, type ListColumn } from '@steward/libs/list';
import type { SortSpec } from '@steward/libs/filter';

export type TeamListProps = {
  /** The list's title; the export file is named after it. */
  title: string;
  view: string;
  columns: readonly ListColumn<AnyRow>[];
  /** The route parameter that puts the list in one-record mode (e.g. /Staff/{short_id}). */
  recordParam?: 'short_id' | 'id';
  defaultSort?: SortSpec;
};

/**
 * A team portal list (001 §2): the organisation's rows and the shared defaults with the 'S' badge,
 * filters kept in the URL, export of every listed field with headers, and a one-record mode.
 */
export function TeamList({ title, view, columns, recordParam, defaultSort = [{ field: 'name', order: 'asc' }] }: TeamListProps) {
  const params = useParams();
  const record = recordParam ? (params[recordParam] ?? null) : null;
  const list = useListPage<AnyRow>({
    title,
    columns,
    source: { kind: 'table', table: tableRef<AnyRow>('hr', view), orgScoped: true, excludeArchived: true, eq: record && recordParam === 'id' ? { id: record } : undefined },
    defaultSort,
    shortId: recordParam === 'short_id' ? record : null,
  });
  return <ListPage list={list} />;
}
