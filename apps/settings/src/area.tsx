import { AreaPlaceholder } from '@steward/libs/area';
import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
import { SettingsRoutes } from './SettingsRoutes';

const identity = { title: AREA_TITLES.settings, version: __STEWARD_APP_VERSION__ };

function Placeholder() {
  return <AreaPlaceholder area={identity} />;
}

/** The Settings area: profile, organisation settings, integrations and roles. */
const area: RemoteArea = {
  name: 'settings',
  ...identity,
  // /user-management is the CRM's (issue 12): the settings remote does not render it.
  paths: routesOwnedBy('settings')
    .map((route) => route.path)
    .filter((path) => path !== '/user-management'),
  Routes: function Routes() {
    return <SettingsRoutes Placeholder={Placeholder} />;
  },
};

export default area;
