/**
 * The design-system surface: antd's light components, its stylesheet and the theme root
 * (AntdThemeRoot). It is loaded by <AntdTheme> ('@steward/libs/ui') with the first part of a
 * screen drawn with antd; a list's first view and the shell's signed-in chrome are drawn without it.
 * Apps import antd only through here (or './antd-data' for the heavy data components) so that one antd
 * instance, one theme context and only the components the platform uses reach the browser: a shared
 * module is bundled whole, so keep this list to what is really used, and put heavy components —
 * forms, inputs and dialogs included, which a signed-in page's first view does not need — in ui/antd-data.
 * Card is there too (it draws with Tabs and Skeleton: ~20 KB as Brotli that a list's first rows do not
 * need), and Result is loaded from there when first drawn (./Result).
 * Add exports as screens need them (and take the component off build/antdStyles.mjs's list if it is there).
 */
export {
  Alert,
  Badge,
  Button,
  Col,
  Divider,
  Flex,
  Layout,
  Row,
  Spin,
  Tag,
  Typography,
  theme,
} from 'antd';
export { AntdThemeRoot } from './AntdThemeRoot';
export { ConfigProvider } from './ConfigProvider';
export { Result } from './Result';
export { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip } from './Tooltip';
export type {
  ButtonProps,
  ThemeConfig,
} from 'antd';
