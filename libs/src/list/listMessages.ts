import { t } from '@steward/libs/messages';

/**
 * The texts every list shows, in English, for the areas' screens not yet converted to their own
 * catalogues (build/i18n/folders.mjs). libs' screens say them through its catalogue ('list.loading',
 * 'list.empty', 'list.noRowsYet', 'detail.financialSoon'); a converted area uses `useT` of
 * '@steward/libs/messages' for the same words rather than these constants.
 * @deprecated English only: use `useT()` of '@steward/libs/messages'.
 */
export const EMPTY_LIST_TEXT = 'No data found.';
/** @deprecated English only: `t('list.loading')` of '@steward/libs/messages'. */
export const LOADING_TEXT = 'Loading…';
/** @deprecated English only: `t('list.noRowsYet')` of '@steward/libs/messages'. */
export const NO_ROWS_YET_TEXT = 'No rows yet.';
/** @deprecated English only: `t('detail.financialSoon')` of '@steward/libs/messages'. */
export const FINANCIAL_COMING_SOON = 'Financial data coming soon.';

/** "Error: …", in the page's language. */
export function listErrorText(message: string): string {
  return t('list.error', { message });
}
