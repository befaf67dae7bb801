import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AREAS, type RemoteName } from '@steward/libs/runtime-config';
import { routesOwnedBy } from './routeTable';

/**
 * What every remote exposes as './area' (default export). The shell mounts `Routes` inside the
 * authenticated layout at the root splat, so the component declares the paths of ROUTES it owns
 * (relative, e.g. 'business/:short_id') in a react-router <Routes>.
 */
export type RemoteArea = {
  name: RemoteName;
  /** Human name used in messages: "The CRM area is unavailable". */
  title: string;
  /** Build marker of this deployment of the remote (package version plus build id). */
  version: string;
  /** The route patterns (from ROUTES) this area renders. */
  paths: readonly string[];
  Routes: ComponentType;
  /**
   * Optional: starts the data the route being opened will ask for first, called once the area's code
   * has arrived and before it renders (a render can take tens of milliseconds on a first open, and the
   * screen's own requests would only leave after it). Must be cheap and must not throw.
   */
  prefetch?: (context: AreaPrefetchContext) => void;
  /**
   * Optional: the kinds of record this area's rows are found as in global search (public.global_search
   * names them), each with its group heading and the page that opens one. The shell knows no area's
   * routes: it asks the area.
   */
  search?: AreaSearchKinds;
};

/** One global search result, as public.global_search returns it. */
export type SearchHit = {
  kind: string;
  area: RemoteName;
  id: string;
  short_id: string | null;
  title: string;
  detail: string | null;
  rank: number;
};

/** How an area shows and opens one kind of search result. */
export type AreaSearchKind = {
  /** The group heading in the search dialog, e.g. 'Contacts'. */
  label: string;
  /** The in-app path of the page that shows the record. */
  path: (hit: SearchHit) => string;
};

export type AreaSearchKinds = Readonly<Record<string, AreaSearchKind>>;

/**
 * What a remote may expose as './widgets' (default export), beside its area: pieces other screens show,
 * e.g. the dashboard's revenue chart from Operations and its "Today at the desk" card from Lodging. A module of its own, so a screen that shows a
 * widget loads the widget's code and not every screen of the area (its lists, editors and the heavy
 * antd components they use). A remote offers it by having `src/widgets.tsx`.
 */
export type RemoteWidgets = Readonly<{ revenueChart?: ComponentType; deskCard?: ComponentType }>;

/** What an area's route prefetch is given: the location being opened and the signed-in session's scope. */
export type AreaPrefetchContext = {
  /** The route-table path being opened (e.g. '/businesses'), matched as the shell matches it. */
  route: string;
  pathname: string;
  search: URLSearchParams;
  queryClient: QueryClient;
  /** The session's organisation scope (org_name in …). */
  orgScope: readonly string[];
};

/** Each area's human name (declared in runtime-config/areas.mjs). */
export const AREA_TITLES = Object.fromEntries(AREAS.map((area) => [area.name, area.title])) as Record<RemoteName, string>;

/**
 * A remote's './area': its name, title and route patterns come from the areas declaration and the
 * route table, so a remote states only its version (its build's __STEWARD_APP_VERSION__) and screens.
 */
export function defineArea(
  name: RemoteName,
  version: string,
  Routes: ComponentType,
  extras: Pick<RemoteArea, 'prefetch' | 'search'> = {},
): RemoteArea {
  return {
    name,
    title: AREA_TITLES[name],
    version,
    paths: routesOwnedBy(name).map((route) => route.path),
    Routes,
    ...extras,
  };
}
