import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@steward/libs/router';
import { SessionContext, type SessionApi } from '@steward/libs/session';
import { LandingPage } from './LandingPage';

vi.mock('../branding/brandName', () => ({ brandName: () => 'Steward' }));

/** The session while it is still being read: what a visitor's first paint shows. */
const loadingSession: SessionApi = {
  user: null,
  userRow: null,
  profiles: [],
  orgName: null,
  orgScope: [],
  roleId: null,
  permissions: [],
  orgList: [],
  enabledComponents: [],
  loading: true,
  error: null,
  switchOrg: () => undefined,
  signOut: async () => undefined,
  reload: () => undefined,
  refreshPermissions: () => undefined,
};

describe('the prerendered landing', () => {
  afterEach(() => vi.useRealTimers());

  // index.html paints this markup before any JavaScript runs (build/rsbuildApp.mjs); React then
  // hydrates it (server-rendering markup, so adjacent texts keep the separators hydration needs). Run `npx vitest run --project shell -u` after changing the landing.
  it('is exactly what LandingPage renders before the session is known', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
    const markup = renderToString(
      <MemoryRouter initialEntries={['/']}>
        <SessionContext.Provider value={loadingSession}>
          <LandingPage />
        </SessionContext.Provider>
      </MemoryRouter>,
    );
    await expect(`${markup}\n`).toMatchFileSnapshot('./landing.prerendered.html');
  });
});
