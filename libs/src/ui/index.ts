// Everything that draws without antd lives in ui-core (one shared instance: its toast store included).
export * from '@steward/libs/ui/core';
// A list's first view draws with these (no antd); antd itself loads with <AntdTheme>.
export { AntdTheme, ProvideAntdTheme, lazyAntdPage, loadAntd } from './antdTheme';
export { CountBadge, Notice, PageTitle, PlainButton, PlainTag, ResultNotice, SecondaryText, Spinner, type PlainButtonProps } from './plain';
export { SystemBadge } from './SystemBadge';
export { RECORD_STATUSES, StatusPill } from './StatusPill';
export { PrimaryBadge } from './PrimaryBadge';
export { orderContactMethods, type ContactMethodLike } from './contactMethodOrder';
export { PageFrame } from './PageFrame';
export { LoadingState } from './LoadingState';
