/**
 * The UI kit's pieces that draw without antd: toasts and notifications, value formatting, colour
 * contrast, the shared-default rule, rendering a dialog only once it has opened, asking for a record
 * editor before its code is loaded (useEditorRequests), the one phone-width breakpoint
 * (useNarrowScreen) and the one virtualiser of long lists and wide grids (useVirtualItems).
 * The shell's first signed-in view (header, sidebar, dashboard) is built from these alone, so antd's
 * code and stylesheet arrive with the first screen that uses them instead of before the dashboard's
 * figures.
 * '@steward/libs/ui' re-exports everything here.
 */
import './visuallyHidden.css';

export * from './toast';
export { displayValue, formatAddress, formatDate, formatDollars, formatRowCount, todayLocal, type AddressParts } from './format';
export { SYSTEM_DEFAULT_ORG_NAME, isSystemDefault } from './systemDefault';
export { GRAPHIC_CONTRAST, TEXT_CONTRAST, contrastRatio, parseColor, passingShade, toHex, type Rgb } from './colorContrast';
export { useOpenedOnce } from './openedOnce';
export { NARROW_SCREEN_PX, useNarrowScreen } from './narrowScreen';
export { PlainProgress } from './PlainProgress';
export { useDialog, useSubmit, type DescribeFailure, type DialogApi, type SubmitApi, type SubmitOptions, type SubmitOutcome } from './submit';
export { openDownload } from './openDownload';
export { useEditorRequests, type EditorRequest, type EditorRequests } from './editorRequests';
export { AskedEditors } from './AskedEditors';
export { useVirtualItems, type VirtualItem, type VirtualItemsOptions, type VirtualItems } from './virtualItems';
