import { getDatabase } from '@steward/libs/data';
import type { AreaSearchKinds, SearchHit } from '@steward/libs/shell';
import type { RemoteName } from '@steward/libs/runtime-config';

/** One result as the dialog shows it: the hit, its group's heading and the page that opens it. */
export type SearchOption = { key: string; title: string; detail: string | null; path: string; kind: string; group: string };
export type SearchGroup = { kind: string; label: string; options: readonly SearchOption[] };

/** Queries shorter than this show the recent records and the pages instead of results. */
export const MIN_QUERY_LENGTH = 2;

export const globalSearchKey = (orgName: string, query: string) => ['global-search', orgName, query] as const;

/**
 * The active organisation's records matching the query, grouped by kind: public.global_search ranks
 * them under the person's row-level security (the browser filters nothing). Each area says how its
 * kinds are headed and opened (its RemoteArea's `search`); a hit whose area does not say is left out.
 */
export async function searchRecords(
  query: string,
  orgName: string,
  kindsOf: (area: RemoteName) => Promise<AreaSearchKinds | undefined>,
): Promise<SearchGroup[]> {
  const { data, error } = await getDatabase().rpc('global_search', { p_query: query, p_org_name: orgName, p_limit: 5 }, { get: true });
  if (error) throw new Error(error.message);
  const hits = (data ?? []) as SearchHit[];
  const areas = [...new Set(hits.map((hit) => hit.area))];
  const declared = new Map(await Promise.all(areas.map(async (area) => [area, await kindsOf(area).catch(() => undefined)] as const)));
  const groups = new Map<string, { label: string; best: number; options: SearchOption[] }>();
  for (const hit of hits) {
    const kind = declared.get(hit.area)?.[hit.kind];
    if (!kind) continue;
    const group = groups.get(hit.kind) ?? { label: kind.label, best: hit.rank, options: [] };
    group.best = Math.max(group.best, hit.rank);
    group.options.push({ key: `${hit.kind}:${hit.id}`, title: hit.title, detail: hit.detail, path: kind.path(hit), kind: hit.kind, group: kind.label });
    groups.set(hit.kind, group);
  }
  // The group holding the best match comes first; equal groups keep the database's order.
  return [...groups.entries()]
    .map(([kind, group], order) => ({ kind, label: group.label, best: group.best, order, options: group.options }))
    .sort((a, b) => b.best - a.best || a.order - b.order)
    .map(({ kind, label, options }) => ({ kind, label, options }));
}
