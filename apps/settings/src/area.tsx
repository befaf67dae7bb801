import { placeholderArea } from '@steward/libs/area';

/** The Settings area: every route it owns, as placeholders until its screens land. */
export default placeholderArea('settings', __STEWARD_APP_VERSION__);
