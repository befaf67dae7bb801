/**
 * How a read started early reaches a screen. There is one place an answer lives: the React Query cache,
 * under the key the screen's own query uses (queryKeys). Work started before a screen renders feeds
 * that key, so the screen finds its answer in flight or done and sends nothing twice:
 *
 * 1. A returning staff member's first view (index.html): the page's inline start
 *    (supabase/firstViewStart.mjs) sends the reads recorded on the last visit, with the stored token,
 *    while the app's code downloads. They are requests in flight, not stored answers: when the screen's
 *    query makes the identical request (same URL, headers and token), the fetch supabase-js was given
 *    (supabase/firstView.ts) hands it that response instead of asking again, and the answer enters the
 *    cache as the query's own fetch result.
 * 2. Opening a route: when an area's code arrives, the shell calls the area's `prefetch` for the URL
 *    being opened, before the area renders; a list's prefetch (list/prefetchListPage) builds the same
 *    request the list page will build and calls `prefetchList` below.
 * 3. Intent: pointing at or focusing a link into an area loads its code, and then runs the same
 *    `prefetch` for that link's URL (the shell's federation/preloadOnIntent.ts).
 *
 * Nothing is fetched during a render: a cache write while React renders a transition would make it
 * render the page again.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ListRequest } from './listQuery';
import { listQueryOptions } from './queryHooks';
import { queryKeys } from './queryKeys';
import type { TableRef } from './tableRef';

/** Starts a list page into the cache under the list's key; nothing is sent when it is cached and fresh, or in flight. */
export function prefetchList<Row>(queryClient: QueryClient, ref: TableRef<Row>, request: ListRequest): Promise<void> {
  return queryClient.prefetchQuery(listQueryOptions(ref, request));
}

/**
 * The id of a row some list already read, found by one of its other columns (a record page opened
 * from a list knows its short id only): so the page's dependent reads can start beside the record's
 * own read instead of after it. Only the id is taken, never the row's other values, which a list reads
 * a selection of. Null when no cached list holds the row.
 */
export function cachedRowId(queryClient: QueryClient, ref: Pick<TableRef<unknown>, 'schema' | 'table'>, column: string, value: string): string | null {
  for (const [key, data] of queryClient.getQueriesData<{ rows?: unknown }>({ queryKey: queryKeys.table(ref) })) {
    if (key[3] !== 'list' || !data || !Array.isArray(data.rows)) continue;
    for (const row of data.rows as Record<string, unknown>[]) {
      if (row && row[column] === value && typeof row.id === 'string') return row.id;
    }
  }
  return null;
}
