import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
import { SettingsRoutes } from './SettingsRoutes';

/** The Settings area: profile, organisation settings, integrations and roles. */
const area: RemoteArea = {
  name: 'settings',
  title: AREA_TITLES.settings,
  version: __STEWARD_APP_VERSION__,
  paths: routesOwnedBy('settings').map((route) => route.path),
  Routes: SettingsRoutes,
};

export default area;
