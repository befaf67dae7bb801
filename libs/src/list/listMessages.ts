/** The list texts of the spec (000 §2, §8; 001 §2). */
export const EMPTY_LIST_TEXT = 'No data found.';
export const LOADING_TEXT = 'Loading…';
export const NO_ROWS_YET_TEXT = 'No rows yet.';
export const FINANCIAL_COMING_SOON = 'Financial data coming soon.';

export function listErrorText(message: string): string {
  return `Error: ${message}`;
}
