import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '@steward/libs/router';
import type { SavedFilter } from '@steward/libs/data';
import { renderWithStack, TEST_ORG, type Answer, type CapturedRequest } from '../testing';
import { SavedViews } from './SavedViews';
import { currentView, mayChangeView, paramsOfView, viewListKey, viewOfList } from './savedViews';

const LEVEL = 'custom.0b8f3c1e-6a57-4d0e-9d3a-2f1b6c7d8e90';
const ME = '11111111-1111-4111-8111-111111111111';
const COLLEAGUE = '22222222-2222-4222-8222-222222222222';
const paddlers: SavedFilter = {
  id: 'v1',
  list_key: 'contacts_filters',
  name: 'Paddlers',
  filter: { operator: 'or', value: [{ operator: 'and', value: [{ field: LEVEL, operator: 'any_of', value: 'c1' }] }] },
  sort: [{ field: LEVEL, order: 'desc' }],
  columns: ['name', LEVEL],
  shared: false,
  profile_id: ME,
};
const team: SavedFilter = { ...paddlers, id: 'v2', name: 'Team view', filter: null, sort: [{ field: 'name', order: 'asc' }], columns: null, shared: true, profile_id: COLLEAGUE };

describe('saved views, the pieces', () => {
  it('keys a list\'s views as its saved filters, in the database\'s key format', () => {
    expect(viewListKey('contacts')).toBe('contacts_filters');
    expect(viewListKey('catalog.accommodations')).toBe('catalog_accommodations_filters');
    expect(viewListKey('Team-Members')).toBe('team_members_filters');
    expect(viewListKey('42')).toBe('list_filters');
  });

  it('writes a view into the URL (filter, sort, columns, page 1) and keeps other parameters', () => {
    const next = paramsOfView(new URLSearchParams('page=3&archived=1&f=x'), paddlers);
    expect(next.get('f')).toBe(JSON.stringify([[[LEVEL, 'any_of', 'c1']]]));
    expect(next.get('sort')).toBe(`-${LEVEL}`);
    expect(next.get('cols')).toBe(`name,${LEVEL}`);
    expect(next.get('page')).toBeNull();
    expect(next.get('archived')).toBe('1');
    // A view without a filter clears it; one without columns leaves the columns chosen.
    const plain = paramsOfView(new URLSearchParams(`f=x&cols=name,email`), team);
    expect(plain.get('f')).toBeNull();
    expect(plain.get('sort')).toBe('name');
    expect(plain.get('cols')).toBe('name,email');
  });

  it('reads what a view keeps from the list, and knows the view shown by its URL and columns', () => {
    const url = paramsOfView(new URLSearchParams(), paddlers);
    const kept = viewOfList(url, ['name', LEVEL]);
    expect(kept).toEqual({ filter: paddlers.filter, sort: paddlers.sort, columns: ['name', LEVEL] });
    expect(currentView([team, paddlers], url, ['name', LEVEL])?.id).toBe('v1');
    // The same filter and sort with other columns is not that view.
    expect(currentView([team, paddlers], url, ['name'])).toBeNull();
    expect(currentView([team, paddlers], new URLSearchParams('sort=name'), ['name', 'email'])?.id).toBe('v2');
    expect(currentView([{ ...team, problem: 'unreadable' }], new URLSearchParams('sort=name'), ['name'])).toBeNull();
  });

  it('lets the owner change a view, and Settings edit a shared one only', () => {
    expect(mayChangeView(paddlers, ME, false)).toBe(true);
    expect(mayChangeView(paddlers, COLLEAGUE, true)).toBe(false);
    expect(mayChangeView(team, ME, false)).toBe(false);
    expect(mayChangeView(team, ME, true)).toBe(true);
    expect(mayChangeView(team, null, false)).toBe(false);
  });
});

function Location() {
  const location = useLocation();
  return <output aria-label="location">{decodeURIComponent(location.search)}</output>;
}

function renderViews(respond: (req: CapturedRequest) => Answer, initial = '/contacts') {
  return renderWithStack(<SavedViews listKey="contacts" columns={['name', LEVEL]} />, {
    respond,
    session: { userRow: { id: ME, auth_user_id: 'auth-1', org_name: TEST_ORG, role_id: 'r1', name: 'Demo', email: 'demo@steward.dev' }, permissions: [] },
    wrapper: (children) => (
      <MemoryRouter initialEntries={[initial]}>
        {children}
        <Location />
      </MemoryRouter>
    ),
  });
}

describe('SavedViews', () => {
  it('lists own and shared views, applies one to the URL and names it as the current view', async () => {
    const user = userEvent.setup();
    const { requests } = renderViews(() => ({ body: [paddlers, team] }));
    await user.click(screen.getByRole('button', { name: 'Views' }));
    const list = await screen.findByRole('list', { name: 'Views' });
    await within(list).findByRole('button', { name: 'Paddlers' });
    expect(requests[0]?.url.searchParams.get('list_key')).toBe('eq.contacts_filters');
    expect(requests[0]?.url.searchParams.get('select')).toContain('shared');
    // Own: rename and delete; a colleague's shared one (no Settings edit here): neither.
    expect(within(list).getByRole('button', { name: 'Rename Paddlers' })).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Rename Team view' })).toBeNull();
    expect(within(list).getByText('(shared)')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Paddlers' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(`cols=name,${LEVEL}`));
    expect(screen.getByLabelText('location')).toHaveTextContent(`sort=-${LEVEL}`);
    expect(screen.getByLabelText('Current view')).toHaveTextContent('Paddlers');
    expect(within(list).getByRole('button', { name: 'Paddlers' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('saves the list as shown under a name, shared when asked', async () => {
    const user = userEvent.setup();
    const url = `/contacts?${paramsOfView(new URLSearchParams(), paddlers).toString()}`;
    const { requests } = renderViews((req) => (req.method === 'POST' ? { status: 201, body: { ...paddlers, id: 'v9', name: 'Mine', shared: true } } : { body: [] }), url);
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await screen.findByText('No saved views yet.');
    await user.type(screen.getByLabelText('View name'), 'Mine');
    await user.click(screen.getByLabelText('Share with the organisation'));
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      list_key: 'contacts_filters',
      name: 'Mine',
      filter: paddlers.filter,
      sort: paddlers.sort,
      columns: ['name', LEVEL],
      shared: true,
      org_name: TEST_ORG,
    });
  });

  it('renames its own view, and says so when the name is taken', async () => {
    const user = userEvent.setup();
    const { requests } = renderViews((req) =>
      req.method === 'PATCH' ? { status: 409, body: { code: '23505', message: 'duplicate key value violates unique constraint "saved_filters_profile_list_name_key"' } } : { body: [paddlers] },
    );
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('button', { name: 'Rename Paddlers' }));
    const input = screen.getByLabelText('New name for Paddlers');
    await user.clear(input);
    await user.type(input, 'Team view');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a view with this name on this list.');
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.searchParams.get('id')).toBe('eq.v1');
    expect(patch?.body).toEqual({ name: 'Team view' });
  });
});
