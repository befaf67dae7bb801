import { placeholderRoutes } from '@steward/libs/area';
import { routesOwnedBy, type RemoteArea } from '@steward/libs/federation';

const identity = { title: 'Catalog', version: __STEWARD_APP_VERSION__ };

/** The Catalog area: every route it owns; screens replace placeholders as they land. */
const area: RemoteArea = {
  name: 'catalog',
  ...identity,
  paths: routesOwnedBy('catalog').map((route) => route.path),
  Routes: placeholderRoutes('catalog', identity),
};

export default area;
