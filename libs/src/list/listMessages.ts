/** The texts every list shows, word for word: empty, loading, no rows yet, and the Financial tab's placeholder. */
export const EMPTY_LIST_TEXT = 'No data found.';
export const LOADING_TEXT = 'Loading…';
export const NO_ROWS_YET_TEXT = 'No rows yet.';
export const FINANCIAL_COMING_SOON = 'Financial data coming soon.';

export function listErrorText(message: string): string {
  return `Error: ${message}`;
}
