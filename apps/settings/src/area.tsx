import { placeholderRoutes } from '@steward/libs/area';
import { routesOwnedBy, type RemoteArea } from '@steward/libs/federation';

const identity = { title: 'Settings', version: __STEWARD_APP_VERSION__ };

/** The Settings area: every route it owns; screens replace placeholders as they land. */
const area: RemoteArea = {
  name: 'settings',
  ...identity,
  paths: routesOwnedBy('settings').map((route) => route.path),
  Routes: placeholderRoutes('settings', identity),
};

export default area;
