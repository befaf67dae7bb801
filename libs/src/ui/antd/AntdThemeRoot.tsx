import type { ReactNode } from 'react';
import type { ThemeConfig } from 'antd';
import { ConfigProvider } from './ConfigProvider';
import './styles';

/** antd's ConfigProvider with the branding's theme: what <AntdTheme> ('@steward/libs/ui') renders once antd has loaded. */
export function AntdThemeRoot({ theme, children }: { theme: ThemeConfig; children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
