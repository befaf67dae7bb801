import { placeholderArea } from '@steward/libs/area';

/** The Operations area: every route it owns, as placeholders until its screens land. */
export default placeholderArea('operations', __STEWARD_APP_VERSION__);
