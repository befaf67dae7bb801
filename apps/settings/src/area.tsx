import { defineArea } from '@steward/libs/shell';
import { SettingsRoutes } from './SettingsRoutes';

/** The Settings area: profile, organisation settings, integrations and roles. */
const area = defineArea('settings', __STEWARD_APP_VERSION__, SettingsRoutes);

export default area;
