import { useCallback, type ReactNode } from 'react';
import { formatRowCount } from '@steward/libs/ui/core';
import { PlainButton } from '@steward/libs/ui';
import { DataTable } from './DataTable';
import type { ListPageApi } from './useListPage';
import type { RowSelection } from './useRowSelection';
import { useT } from '@steward/libs/messages';

type Row0 = Record<string, unknown>;

export type ListTableProps<Row extends Row0> = {
  list: ListPageApi<Row>;
  emptyText?: string;
  /** Tallest the scrolling body grows before it scrolls (any CSS length). */
  height?: number | string;
  /** Accessible name of the table. */
  label?: string;
};

/** The pages around the current one (and the first and last), for the pager. */
function pagesToShow(page: number, pages: number): number[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  return [...shown].filter((value) => value >= 1 && value <= pages).sort((a, b) => a - b);
}

/** How many rows the list holds: exact, or — where counting every row would be slow — an estimate with the exact figure on request. */
function RowCount({ total, estimate, onCountExactly }: { total: number; estimate: boolean; onCountExactly: () => void }) {
  const t = useT();
  return (
    <span className="stw-list-total">
      {formatRowCount(total, estimate)}
      {estimate ? (
        <>
          {' '}
          <PlainButton size="small" variant="link" onClick={onCountExactly}>
            {t('table.countExactly')}
          </PlainButton>
        </>
      ) : null}
    </span>
  );
}

function Pager({ page, pages, count, onPage }: { page: number; pages: number; count: ReactNode; onPage: (page: number) => void }) {
  const t = useT();
  const shown = pagesToShow(page, pages);
  return (
    <nav aria-label={t('table.pages')} className="stw-list-pager">
      {count}
      <PlainButton size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('table.previous')}
      </PlainButton>
      {shown.map((value, index) => (
        <span key={value} style={{ display: 'contents' }}>
          {index > 0 && value - (shown[index - 1] ?? value) > 1 ? <span aria-hidden="true">…</span> : null}
          <PlainButton size="small" variant={value === page ? 'primary' : 'default'} aria-label={t('table.page', { page: value })} aria-current={value === page ? 'page' : undefined} onClick={() => onPage(value)}>
            {value}
          </PlainButton>
        </span>
      ))}
      <PlainButton size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('table.next')}
      </PlainButton>
    </nav>
  );
}

/** What is chosen, and the step from "this page" to "every row matching the filter". */
export function SelectionBar({ selection, pageRows }: { selection: RowSelection; pageRows: number }) {
  const t = useT();
  if (selection.count === 0) return null;
  const more = selection.total > pageRows;
  return (
    <div role="status" className="stw-list-selection-bar">
      {selection.allMatching ? (
        <span>{t('selection.allMatching', { count: selection.total, n: String(selection.total) })}</span>
      ) : (
        <span>{selection.pageState === 'all' && more ? t('selection.allOnPage', { count: pageRows, n: String(pageRows) }) : t('selection.count', { count: selection.count, n: String(selection.count) })}</span>
      )}
      {!selection.allMatching && selection.pageState === 'all' && more ? (
        <PlainButton size="small" variant="link" onClick={selection.selectAllMatching}>
          {t('selection.selectAllMatching', { count: selection.total, n: String(selection.total) })}
        </PlainButton>
      ) : null}
      <PlainButton size="small" variant="link" onClick={selection.clear}>
        {t('selection.clear')}
      </PlainButton>
    </div>
  );
}

/**
 * The list's table: the columns over the page's rows (DataTable), header sort that cycles ascending →
 * descending → the page's default order, the pager for lists longer than a page, and — on a list that
 * opts in — the selection bar.
 */
export function ListTable<Row extends Row0>({ list, emptyText, height, label }: ListTableProps<Row>) {
  const t = useT();
  const primarySort = list.filterState.sort[0];
  const { applySort } = list.filterState;
  const cycleSort = useCallback(
    (field: string) => {
      if (primarySort?.field !== field) applySort([{ field, order: 'asc' }]);
      else if (primarySort.order === 'asc') applySort([{ field, order: 'desc' }]);
      else applySort([]);
    },
    [applySort, primarySort],
  );
  const paged = Number.isFinite(list.pageSize) && list.total > list.pageSize;
  const pages = paged ? Math.ceil(list.total / list.pageSize) : 1;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {list.selection ? <SelectionBar selection={list.selection} pageRows={list.rows.length} /> : null}
      <DataTable<Row>
        label={label ?? list.title}
        columns={list.columns}
        rows={list.rows}
        rowKey={list.rowKey}
        sort={list.filterState.sort}
        onSort={cycleSort}
        busy={list.isFetching}
        placeholder={list.isLoading ? t('list.loading') : (emptyText ?? t('list.empty'))}
        rowOffset={paged ? (list.page - 1) * list.pageSize : 0}
        totalRows={list.total}
        selection={list.selection}
        maxHeight={height}
      />
      {paged ? <Pager page={list.page} pages={pages} count={<RowCount total={list.total} estimate={list.totalIsEstimate} onCountExactly={list.countExactly} />} onPage={list.setPage} /> : null}
    </div>
  );
}
