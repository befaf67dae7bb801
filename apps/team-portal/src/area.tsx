import { placeholderArea } from '@steward/libs/area';

/** The Team Portal area: every route it owns, as placeholders until its screens land. */
export default placeholderArea('team-portal', __STEWARD_APP_VERSION__);
