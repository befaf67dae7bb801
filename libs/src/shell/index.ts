import './libsInstances';

export {
  AREA_TITLES,
  defineArea,
  type AreaPrefetchContext,
  type AreaSearchKind,
  type AreaSearchKinds,
  type RemoteArea,
  type RemoteWidgets,
  type SearchHit,
} from './RemoteArea';
export { PageTitleProvider, usePageTitle, type PageTitleApi } from './PageTitle';
export { SubMenuProvider, useSubMenu, type SubMenuApi, type SubMenuItem } from './SubMenu';
export { containerName } from '@steward/libs/runtime-config';
export { findRoute } from './findRoute';
export {
  MENU_DASHBOARD,
  MENU_GROUPS,
  ROUTES,
  menuGroupsFor,
  noAccessText,
  routeViewable,
  routesOwnedBy,
  type MenuGroup,
  type MenuGroupName,
  type MenuItem,
  type RouteEntry,
  type RouteOwner,
} from './routeTable';
