import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from '@steward/libs/antd';

/** Placeholder: the organisation's branding drives these tokens once the branding screen lands. */
export function BrandingProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#325286' } }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
