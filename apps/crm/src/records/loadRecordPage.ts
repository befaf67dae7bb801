import { preloadDetailLayout } from '@steward/libs/list';
import { withWords } from '@steward/libs/i18n';
import { later } from '../i18n';

/** A record's page, with the words of the CRM's later screens: loaded when one opens, or ahead of time once a list has drawn its rows. */
export const loadRecordPage = () => withWords(import('./CrmDetailPage'), later);

/** Fetches the record page and its layout while the person reads the list, so a click opens it at once. */
export function preloadRecordPage(): void {
  void loadRecordPage();
  preloadDetailLayout();
}
