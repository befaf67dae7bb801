import { preloadDetailLayout } from '@steward/libs/list';

/** A record's page: loaded when one opens, or ahead of time once a list has drawn its rows. */
export const loadRecordPage = () => import('./CrmDetailPage');

/** Fetches the record page and its layout while the person reads the list, so a click opens it at once. */
export function preloadRecordPage(): void {
  void loadRecordPage();
  preloadDetailLayout();
}
