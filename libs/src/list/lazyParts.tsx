import { lazy, type ComponentType } from 'react';
import { AntdTheme, LoadingText } from '@steward/libs/ui';
import type { DetailLayoutProps } from './DetailLayout';
import type { RecordTableCardProps } from './RecordTableCard';
import type { RecordHistoryProps, RequestedRecordEditorProps } from '@steward/libs/form';

/*
 * The parts of this package that draw with antd (tabs, inputs, selects, dialogs, forms) load when first
 * shown, with antd itself (AntdTheme), not with a list: a list's first rows need none of them. A list
 * page's Filters and Sort panels load the same way (ListPage).
 */

const loadDetailLayout = () => import('./DetailLayout');
const LoadedDetailLayout = lazy(() => loadDetailLayout().then((module) => ({ default: module.DetailLayout })));

/** Fetches a record page's layout ahead of the click that opens one (a list calls it once idle). */
export function preloadDetailLayout(): void {
  void loadDetailLayout();
}
const LoadedRecordTableCard = lazy(() => import('./RecordTableCard').then((module) => ({ default: module.RecordTableCard })));

const LoadedRecordHistory = lazy(() => import('@steward/libs/form').then((module) => ({ default: module.RecordHistoryPanel })));

const loading = (
  <p style={{ margin: 0 }}>
    <LoadingText />
  </p>
);

/** The record detail page of businesses, contacts and households: "Go back", a header, and its tabs. */
export function DetailLayout(props: DetailLayoutProps) {
  return (
    <AntdTheme fallback={loading}>
      <LoadedDetailLayout {...props} />
    </AntdTheme>
  );
}

/** One table of the generic record editor, with Add New and Edit. */
export function RecordTableCard(props: RecordTableCardProps) {
  return (
    <AntdTheme fallback={loading}>
      <LoadedRecordTableCard {...props} />
    </AntdTheme>
  );
}

/** Who changed what on one record (a History tab or view). */
export function RecordHistory(props: RecordHistoryProps) {
  return (
    <AntdTheme fallback={loading}>
      <LoadedRecordHistory {...props} />
    </AntdTheme>
  );
}

/**
 * A list's one record editor, opened by its asks (useEditorRequests): the form layer's
 * RequestedRecordEditor, loaded with the first ask rather than with the list. Draw it inside
 * AskedEditors, which mounts it from that ask on.
 */
export const RequestedRecordEditor = lazy<ComponentType<RequestedRecordEditorProps>>(() => import('@steward/libs/form').then((module) => ({ default: module.RequestedRecordEditor })));
