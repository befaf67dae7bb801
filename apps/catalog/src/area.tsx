import { placeholderArea } from '@steward/libs/area';

/** The Catalog area: every route it owns, as placeholders until its screens land. */
export default placeholderArea('catalog', __STEWARD_APP_VERSION__);
