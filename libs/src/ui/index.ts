// Everything that draws without antd lives in ui-core (one shared instance: its toast store included).
export * from '@steward/libs/ui-core';
export { SystemBadge } from './SystemBadge';
export { RECORD_STATUSES, StatusPill } from './StatusPill';
export { PrimaryBadge } from './PrimaryBadge';
export { orderContactMethods, type ContactMethodLike } from './contactMethodOrder';
export { PageFrame } from './PageFrame';
export { LoadingState } from './LoadingState';
