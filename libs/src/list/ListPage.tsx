import { lazy, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PlainProgress } from '@steward/libs/ui/core';
import { AntdTheme, LazyAlert, PlainButton, loadAntd } from '@steward/libs/ui';
import { ListToolbar, type ListToolbarProps } from './ListToolbar';
import { ListTable } from './ListTable';
import { onFirstMove } from './firstMove';
import { archivedHint } from './bulk/bulkWords';
import type { ExportProgressStore } from './useCsvExport';
import type { BulkTarget, ListPageApi } from './useListPage';
import { BulkActionsPlaceholder } from './bulk/BulkActionsPlaceholder';
import { later, useT } from '@steward/libs/messages';
import { formatNumber, withWords } from '@steward/libs/i18n';

type Row0 = Record<string, unknown>;

// The panels draw with antd's inputs and selects: they load, with antd, when first opened, not with the list.
const FilterPanel = lazy(() => withWords(import('./FilterPanel'), later).then((module) => ({ default: module.FilterPanel })));
const SortPanel = lazy(() => withWords(import('./SortPanel'), later).then((module) => ({ default: module.SortPanel })));
const SavedFilters = lazy(() => withWords(import('./SavedFilters'), later).then((module) => ({ default: module.SavedFilters })));
// Bulk actions draw with selects: they load when the first row is selected.
const BulkActions = lazy(() => withWords(import('./bulk/BulkActions'), later)) as unknown as <Row extends Row0>(props: { list: BulkTarget<Row> }) => ReactNode;

export type ListPageProps<Row extends Row0> = {
  list: ListPageApi<Row>;
  addNew?: ListToolbarProps['addNew'];
  /** Saved-filter key of this list (e.g. 'tasks_filters'); omit to hide saved filters. */
  savedFilterKey?: string;
  emptyText?: string;
  /** How a load error reads in the banner; 'Error: {message}' unless a screen says otherwise. */
  errorText?: (message: string) => string;
  /** Dialogs the page owns (Add New, editor), rendered after the table. */
  children?: ReactNode;
  /** More toolbar buttons (e.g. Import), placed before Add New; ones that add records check create access themselves. */
  toolbarExtra?: ReactNode;
};

/** A whole list screen: toolbar, link notice, error banner, filter and sort panels, table. */
export function ListPage<Row extends Row0>({ list, addNew, savedFilterKey, emptyText, errorText, children, toolbarExtra }: ListPageProps<Row>) {
  const t = useT();
  const [panel, setPanel] = useState<'filters' | 'sort' | null>(null);
  const toggle = (next: 'filters' | 'sort') => setPanel((current) => (current === next ? null : next));
  // The first view is drawn without antd; the panels and dialogs a person opens next draw with it. It is
  // fetched once the rows are drawn and the person moves (pointer, touch, key or scroll), so their first
  // Filters or Add New does not wait for it, and the first rows never do.
  const rowsShown = !list.isLoading;
  useEffect(() => (rowsShown ? onFirstMove(() => void loadAntd()) : undefined), [rowsShown]);
  return (
    <div className="stw-flex" style={{ flexDirection: 'column', gap: 12 }}>
      <ListToolbar
        onFilters={() => toggle('filters')}
        onSort={() => toggle('sort')}
        onExport={() => void list.exportCsv()}
        exportDisabled={list.isLoading || list.rows.length === 0}
        exporting={list.exporting}
        filterCount={list.filterState.appliedCount}
        addNew={list.lifecycle?.archived || !list.access.create ? undefined : addNew}
        extra={
          list.lifecycle?.archivable ? (
            <>
              <PlainButton aria-pressed={list.lifecycle.archived} onClick={() => list.lifecycle?.showArchived(!list.lifecycle.archived)}>
                {t('list.archived')}
              </PlainButton>
              {toolbarExtra}
            </>
          ) : (
            toolbarExtra
          )
        }
      />
      {list.lifecycle?.archived ? (
        <LazyAlert type="info" showIcon title={t('list.archivedNotice', { things: list.lifecycle.noun.many, hint: archivedHint(list.lifecycle) })} />
      ) : null}
      {list.filterState.notice ? <LazyAlert type="warning" showIcon title={list.filterState.notice} closable={{ onClose: list.filterState.dismissNotice }} /> : null}
      {list.error ? <LazyAlert type="error" showIcon title={errorText ? errorText(list.error) : t('list.error', { message: list.error })} /> : null}
      {list.exportError ? <LazyAlert type="error" showIcon title={list.exportError} /> : null}
      {list.exporting ? <ExportProgressBar store={list.exportProgress} onCancel={list.cancelExport} /> : null}
      {panel ? (
        // Not mounted before a panel opens: <AntdTheme> loads antd as it mounts.
        <AntdTheme>
        {panel === 'filters' ? (
          <FilterPanel state={list.filterState} onClose={() => setPanel(null)} savedFilters={savedFilterKey ? <SavedFilters listKey={savedFilterKey} state={list.filterState} /> : null} />
        ) : null}
        {panel === 'sort' ? <SortPanel state={list.filterState} labels={list.sortLabels} onClose={() => setPanel(null)} /> : null}
        </AntdTheme>
      ) : null}
      {list.lifecycle && list.selection && list.selection.count > 0 ? (
        <AntdTheme fallback={<BulkActionsPlaceholder />}>
          <BulkActions list={list} />
        </AntdTheme>
      ) : null}
      <ListTable list={list} emptyText={emptyText} />
      {children}
    </div>
  );
}

/** The export's progress and its Cancel: the only part of the page that redraws as rows are written. */
function ExportProgressBar({ store, onCancel }: { store: ExportProgressStore; onCancel: () => void }) {
  const t = useT();
  const progress = useSyncExternalStore(store.subscribe, store.get);
  if (!progress) return null;
  const { written, total, totalIsEstimate } = progress;
  return (
    <div className="stw-flex" style={{ gap: 12, alignItems: 'center' }}>
      <div style={{ flex: 1, maxWidth: 480 }}>
        <PlainProgress
          label={t('export.progress')}
          value={written}
          max={total}
          text={t(totalIsEstimate ? 'export.writtenOfAbout' : 'export.writtenOf', { written: formatNumber(written), total: formatNumber(total) })}
        />
      </div>
      <PlainButton onClick={onCancel}>{t('export.cancel')}</PlainButton>
    </div>
  );
}
