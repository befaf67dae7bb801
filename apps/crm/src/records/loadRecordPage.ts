import { preloadDetailLayout } from '@steward/libs/list';
import { later } from '../i18n';

/** A record's page, with the words of the CRM's later screens: loaded when one opens, or ahead of time once a list has drawn its rows. */
export const loadRecordPage = () => Promise.all([import('./CrmDetailPage'), later.preload()]).then(([module]) => module);

/** Fetches the record page and its layout while the person reads the list, so a click opens it at once. */
export function preloadRecordPage(): void {
  void loadRecordPage();
  preloadDetailLayout();
}
