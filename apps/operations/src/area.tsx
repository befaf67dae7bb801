import { placeholderRoutes } from '@steward/libs/area';
import { routesOwnedBy, type RemoteArea } from '@steward/libs/federation';

const identity = { title: 'Operations', version: __STEWARD_APP_VERSION__ };

/** The Operations area: every route it owns; screens replace placeholders as they land. */
const area: RemoteArea = {
  name: 'operations',
  ...identity,
  paths: routesOwnedBy('operations').map((route) => route.path),
  Routes: placeholderRoutes('operations', identity),
};

export default area;
