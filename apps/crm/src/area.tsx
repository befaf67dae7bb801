import { placeholderArea } from '@steward/libs/area';

/** The CRM area: every route it owns, as placeholders until its screens land. */
export default placeholderArea('crm', __STEWARD_APP_VERSION__);
