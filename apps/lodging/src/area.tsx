import { placeholderArea } from '@steward/libs/area';

/** The Lodging area: every route it owns, as placeholders until its screens land. */
export default placeholderArea('lodging', __STEWARD_APP_VERSION__);
