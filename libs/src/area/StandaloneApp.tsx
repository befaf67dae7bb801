import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink } from '@steward/libs/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Layout } from '@steward/libs/ui/antd';
import { fetchRuntimeConfig } from '@steward/libs/runtime-config';
import { AccessComponentProvider, SessionProvider } from '@steward/libs/session';
import type { RemoteArea } from '@steward/libs/shell';
import { t } from '@steward/libs/messages';

// Only standalone mode signs in here; loading it lazily keeps forms out of the federated area module.
const StandaloneSignIn = lazy(() => import('./StandaloneSignIn').then((module) => ({ default: module.StandaloneSignIn })));

/**
 * A remote running alone (`rsbuild dev` in its folder) for the team that owns it: the same providers
 * the shell mounts, a plain navigation of the area's routes, and the area itself.
 */
export function renderStandalone(area: RemoteArea): void {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  fetchRuntimeConfig()
    .then(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <ConfigProvider>
                  <BrowserRouter>
                    <Layout style={{ minHeight: '100vh' }}>
                      <Layout.Header style={{ color: '#fff', display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', height: 'auto', lineHeight: 1.5, padding: '12px 24px' }}>
                        <strong>
                          {t('area.standalone', { title: area.title, version: area.version })}
                        </strong>
                        {area.paths
                          .filter((path) => !path.includes(':'))
                          .map((path) => (
                            <NavLink key={path} to={path} style={{ color: '#fff' }}>
                              {path}
                            </NavLink>
                          ))}
                        <span style={{ marginLeft: 'auto' }}>
                          <Suspense fallback={null}>
                            <StandaloneSignIn />
                          </Suspense>
                        </span>
                      </Layout.Header>
                      <Layout.Content style={{ padding: 24 }}>
                        <AccessComponentProvider component={area.name}>
                          <area.Routes />
                        </AccessComponentProvider>
                      </Layout.Content>
                    </Layout>
                  </BrowserRouter>
              </ConfigProvider>
            </SessionProvider>
          </QueryClientProvider>
        </StrictMode>,
      );
    })
    .catch((error: unknown) => {
      root.render(<pre role="alert">{error instanceof Error ? error.message : String(error)}</pre>);
    });
}
