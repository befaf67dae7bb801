/**
 * The design system: one vocabulary, whose words are antd's. A thing has antd's name (Button, Tag,
 * Badge, Spin, Typography.Title and .Text, Alert, Result); how it is drawn is said by a prefix, one rule:
 *
 * - `Plain…` (here): drawn without antd, with antd's look on the branding's CSS variables, for what a
 *   first view shows before antd has loaded: a list's rows, toolbar and pager, the shell's chrome, the
 *   dashboard. PlainButton, PlainBadge (a count), PlainTag, PlainSpin, PlainTitle, PlainText, PlainProgress.
 * - `Lazy…` (here): antd's own component, which loads antd itself when it first shows, for the rare
 *   banner or result outside <AntdTheme>. LazyAlert, LazyResult.
 * - The bare name ('@steward/libs/ui/antd', '@steward/libs/ui/antd-data' for forms, inputs, dialogs and
 *   tables): antd's component, drawn inside <AntdTheme> (a dialog, a form, a panel, a page built on antd).
 *
 * So: inside <AntdTheme>, antd's name; outside it, the Plain one (or a Lazy one that brings antd). No
 * other component redraws an antd one. What each entry of ui costs on the first view is the bundler's
 * business, not the folder's: build/federation.mjs and build/rsbuildApp.mjs (ui/core is in the shell's
 * signed-in chunk, ui/antd loads with <AntdTheme>, ui/antd-data with the first screen that needs it).
 *
 * This entry holds the Plain and Lazy words, <AntdTheme>, and re-exports ui/core: what draws without
 * antd and is not an antd component (toasts, formatting, colour contrast, the phone-width breakpoint),
 * which the shell's dashboard imports alone.
 */
export * from '@steward/libs/ui/core';
export { AntdTheme, ProvideAntdTheme, lazyAntdPage, loadAntd } from './antdTheme';
export { LazyAlert, LazyResult, PlainBadge, PlainButton, PlainSpin, PlainTag, PlainText, PlainTitle, type PlainButtonProps } from './plain';
export { SystemBadge } from './SystemBadge';
export { RECORD_STATUSES, RECORD_STATUS_OPTIONS, StatusPill } from './StatusPill';
export { PrimaryBadge } from './PrimaryBadge';
export { orderContactMethods, type ContactMethodLike } from './contactMethodOrder';
export { PageFrame } from './PageFrame';
export { LoadingState, LoadingText } from './LoadingState';
