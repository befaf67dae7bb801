import { placeholderRoutes } from '@steward/libs/area';
import { routesOwnedBy, type RemoteArea } from '@steward/libs/federation';

const identity = { title: 'CRM', version: __STEWARD_APP_VERSION__ };

/** The CRM area: every route it owns; screens replace placeholders as they land. */
const area: RemoteArea = {
  name: 'crm',
  ...identity,
  paths: routesOwnedBy('crm').map((route) => route.path),
  Routes: placeholderRoutes('crm', identity),
};

export default area;
