import './libsInstances';

export { AreaLoadError } from './AreaLoadError';
export { AreaPlaceholder } from './AreaPlaceholder';
export { AREA_TITLES, type RemoteArea } from './RemoteArea';
export { PageTitleProvider, usePageTitle, type PageTitleApi } from './PageTitle';
export { RemoteBoundary } from './RemoteBoundary';
export { containerName } from './containerName';
export { findRoute } from './findRoute';
export { placeholderRoutes } from './placeholderRoutes';
export { renderStandalone } from './StandaloneApp';
export {
  MENU_DASHBOARD,
  MENU_GROUPS,
  ROUTES,
  routesOwnedBy,
  type MenuGroup,
  type MenuGroupName,
  type MenuItem,
  type RouteEntry,
  type RouteOwner,
} from './routeTable';
