export { EMPTY_LIST_TEXT, FINANCIAL_COMING_SOON, LOADING_TEXT, NO_ROWS_YET_TEXT, listErrorText } from './listMessages';
export { MAX_VISIBLE_COLUMNS, ROW_KEY_FIELD, cellValue, columnField, exportValueOf, selectOfColumns, type ListColumn } from './listColumn';
export { addressColumn, contactMethodsColumn, dateColumn, dollarsColumn, editColumn, nameColumn, ownersColumn, statusColumn, textColumn } from './columns';
export type { CsvColumn } from './exportCsv';
export { useFilterState, type FilterState, type FilterStateOptions } from './useFilterState';
export { ARCHIVED_PARAM, prefetchListPage, useListPage, type BulkField, type ListLifecycle, type ListPageApi, type ListPageOptions, type RowsSource, type TableSource } from './useListPage';
export { ListToolbar, type ListToolbarProps } from './ListToolbar';
export { ListTable, type ListTableProps } from './ListTable';
export { DataTable, type DataTableProps } from './DataTable';
export { useRowSelection, type RowSelection } from './useRowSelection';
export { ListPage, type ListPageProps } from './ListPage';
export { FIRST_MOVES, onFirstMove } from './firstMove';
export { BULK_FIELD_NAMES, bulkFieldsOf } from './bulk/bulkFields';
// Loaded when first shown: they draw with antd's heavy components, which a list's first rows do not need.
export { DetailLayout, RecordHistory, RecordTableCard, preloadDetailLayout } from './lazyParts';
export type { DetailExtraTab, DetailLayoutProps, DetailTabKey } from './DetailLayout';
export type { RecordTableCardProps } from './RecordTableCard';
export { NO_OPEN_TASKS, OpenTasks, openTasksView, type OpenTasksRecordColumn } from './OpenTasks';
