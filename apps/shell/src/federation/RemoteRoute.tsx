import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@steward/libs/router';
import { RemoteBoundary } from '@steward/libs/area';
import { AREA_TITLES, findRoute, routeViewable, type RemoteArea as LoadedArea } from '@steward/libs/shell';
import type { RemoteName } from '@steward/libs/runtime-config';
import { accessOf, useSession } from '@steward/libs/session';
import { LazyResult, PlainSpin } from '@steward/libs/ui';
import { BrandingTheme } from '../branding/BrandingTheme';
import { loadArea, peekArea } from './remoteLoader';
import { useT } from '../i18n';
import { sectionLabel } from '../layout/routeWords';

const NAVIGATION_PERMISSIONS_MAX_AGE_MS = 2_000;

/**
 * Every authenticated route the shell does not render itself: find its owner in the route table and
 * mount that remote's area, unless the active organisation has not enabled the remote's component or
 * the person's role may not view it.
 * What areas draw with antd is themed from the organisation's branding (BrandingTheme); the messages
 * here are antd's Result, loaded with antd when one shows.
 */
export function RemoteRoute() {
  return (
    <BrandingTheme>
      <RemoteRouteContent />
    </BrandingTheme>
  );
}

function RemoteRouteContent() {
  const { pathname } = useLocation();
  const { enabledComponents, loading, permissions, refreshPermissions } = useSession();
  const t = useT();
  const route = findRoute(pathname);
  const owner = route?.owner;
  // Each navigation reads the role's permissions again when they are more than a few seconds old, so
  // a role changed by an owner applies from the next page on.
  useEffect(() => {
    refreshPermissions(NAVIGATION_PERMISSIONS_MAX_AGE_MS);
  }, [pathname, refreshPermissions]);

  if (!owner || owner === 'shell') {
    return <LazyResult status="404" title={t('errors.pageNotFound')} subTitle={t('errors.noPageAt', { path: pathname })} />;
  }
  if (loading) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <PlainSpin />
      </div>
    );
  }
  if (!enabledComponents.includes(owner)) {
    return (
      <LazyResult
        status="info"
        title={t('errors.areaNotEnabled', { area: AREA_TITLES[owner] })}
        subTitle={t('errors.enableUnderSettings')}
      />
    );
  }
  if (route && !routeViewable(route, (component) => accessOf(permissions, component, []).view)) {
    // Nothing of the area mounts, so none of the page's rows are asked for.
    return <LazyResult status="403" title={t('errors.noAccess', { section: sectionLabel(t, route.path, route.section) })} subTitle={t('errors.ownerCanChangeRole')} />;
  }
  return <RemoteArea key={owner} name={owner} />;
}

function RemoteArea({ name }: { name: RemoteName }) {
  const load = useCallback((attempt: number) => loadArea(name, attempt > 0), [name]);
  const peek = useCallback(() => peekArea(name), [name]);
  const onLoaded = useRoutePrefetch();
  return <RemoteBoundary name={name} load={load} peek={peek} onLoaded={onLoaded} />;
}

/**
 * When an area's code has just arrived, its `prefetch` starts the data of the route being opened
 * before the area renders (a first render takes tens of milliseconds; the screen's own requests would
 * leave after it). Reads the location and session current at that moment.
 */
function useRoutePrefetch() {
  const location = useLocation();
  const { orgScope } = useSession();
  const queryClient = useQueryClient();
  const current = useRef({ location, orgScope, queryClient });
  useEffect(() => {
    current.current = { location, orgScope, queryClient };
  });
  return useCallback((area: LoadedArea) => {
    if (!area.prefetch) return;
    const { location, orgScope, queryClient } = current.current;
    const route = findRoute(location.pathname)?.path;
    if (!route) return;
    try {
      area.prefetch({ route, pathname: location.pathname, search: new URLSearchParams(location.search), queryClient, orgScope });
    } catch (error) {
      // Only a head start: the screen sends its own requests anyway.
      console.error(`[federation] ${area.name} route prefetch failed:`, error);
    }
  }, []);
}
