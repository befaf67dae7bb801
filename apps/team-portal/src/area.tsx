import { placeholderRoutes } from '@steward/libs/area';
import { routesOwnedBy, type RemoteArea } from '@steward/libs/federation';

const identity = { title: 'Team Portal', version: __STEWARD_APP_VERSION__ };

/** The Team Portal area: every route it owns; screens replace placeholders as they land. */
const area: RemoteArea = {
  name: 'team-portal',
  ...identity,
  paths: routesOwnedBy('team-portal').map((route) => route.path),
  Routes: placeholderRoutes('team-portal', identity),
};

export default area;
