import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from '@steward/libs/ui/antd';
import { setSupabase } from '@steward/libs/data';
import { SessionContext, signedInSession, type SessionApi } from '@steward/libs/session';
import { createRecordingClient, type Responder } from './recordingClient';

export const TEST_ORG = 'Cedar Grove Outfitters';

export function testSession(overrides: Partial<SessionApi> = {}): SessionApi {
  return signedInSession({ id: 'auth-1', email: 'demo@steward.dev' }, TEST_ORG, {
    userRow: { auth_user_id: 'auth-1', org_name: TEST_ORG, role_id: 'r1', name: 'Demo', email: 'demo@steward.dev' },
    roleId: 'r1',
    ...overrides,
  });
}

/**
 * Renders with the providers a remote runs inside (react-query, the session, antd's ConfigProvider) and points
 * @steward/libs/data at a recording client, so a test sees every request a screen makes.
 */
export function renderWithStack(ui: ReactElement, options: { respond?: Responder; session?: Partial<SessionApi>; wrapper?: (children: ReactNode) => ReactElement } = {}) {
  const { client, requests } = createRecordingClient(options.respond);
  setSupabase(client);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const session = testSession(options.session);
  const tree = (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        {/* No motion: a closing dialog leaves the DOM at once instead of after an animation. */}
        <ConfigProvider theme={{ token: { motion: false } }}>
          {ui}
        </ConfigProvider>
      </SessionContext.Provider>
    </QueryClientProvider>
  );
  const result = render(options.wrapper ? options.wrapper(tree) : tree);
  return { ...result, requests, queryClient };
}
