/** The shared-defaults organisation, as the 'S' badge reads it (defined once in org-scope). */
export { SYSTEM_DEFAULT_ORG as SYSTEM_DEFAULT_ORG_NAME, isSystemDefault } from '../../org-scope/orgScope';
