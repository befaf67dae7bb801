import { useEffect } from 'react';
import { firstViewShown } from './supabaseClient';

/**
 * A page's first view says it is on screen once `shown` turns true (the dashboard's figures, a list's
 * first rows, the timeline's stays): the record of its reads and code is then kept, so this browser's
 * next visit that starts there sends them from index.html (firstView.ts). The one way pages say so.
 */
export function useFirstViewShown(shown: boolean): void {
  useEffect(() => {
    if (shown) firstViewShown();
  }, [shown]);
}
