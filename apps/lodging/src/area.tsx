import { placeholderRoutes } from '@steward/libs/area';
import { routesOwnedBy, type RemoteArea } from '@steward/libs/federation';

const identity = { title: 'Lodging', version: __STEWARD_APP_VERSION__ };

/** The Lodging area: every route it owns; screens replace placeholders as they land. */
const area: RemoteArea = {
  name: 'lodging',
  ...identity,
  paths: routesOwnedBy('lodging').map((route) => route.path),
  Routes: placeholderRoutes('lodging', identity),
};

export default area;
