import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SessionContext, type SessionApi } from '@steward/libs/session';
import { placeholderRoutes } from './placeholderRoutes';

const session = {
  user: { email: 'ann@example.org' },
  orgName: 'Cedar Grove Outfitters',
  loading: false,
} as unknown as SessionApi;

function renderAt(path: string, except: readonly string[] = []) {
  const Routes = placeholderRoutes('crm', { title: 'CRM', version: '1.2.3' }, except);
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('placeholder routes', () => {
  it('labels an unbuilt screen honestly with its section, the session it reads and its version', () => {
    renderAt('/business/AB12');
    expect(screen.getByRole('heading', { name: 'Business' })).toBeInTheDocument();
    expect(screen.getByText(/coming in a later release/)).toBeInTheDocument();
    expect(screen.getByTestId('area-session')).toHaveTextContent('Signed in as ann@example.org · Cedar Grove Outfitters');
    expect(screen.getByTestId('area-version')).toHaveTextContent('CRM 1.2.3');
  });

  it('leaves out routes that have their real screen', () => {
    renderAt('/businesses', ['/businesses']);
    expect(screen.queryByText(/coming in a later release/)).not.toBeInTheDocument();
  });
});
