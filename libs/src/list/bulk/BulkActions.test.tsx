import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@steward/libs/router';
import { tableRef } from '@steward/libs/data';
import { AccessComponentProvider, type Permission } from '@steward/libs/session';
import { renderWithStack, type Answer, type CapturedRequest } from '../../testing';
import { useListPage } from '../useListPage';
import { ListPage } from '../ListPage';
import { nameColumn } from '../columns';
// Loaded before the test starts, so its time is the bar's, not the first import of the chunk.
import './BulkActions';

type Contact = { id: string; short_id: string; name: string; org_name: string; created_by: string | null; primary_owner_id: string | null };

const ME = 'profile-me';
const OTHER = 'profile-other';
const contacts = tableRef<Contact>('crm', 'contacts', { audit: false });
const columns = [nameColumn<Contact>({ href: (row) => `/contact/${row.short_id}` })];
const rows: Contact[] = [
  { id: 'c1', short_id: 'C1', name: 'Ann Mine', org_name: 'Test Org', created_by: ME, primary_owner_id: null },
  { id: 'c2', short_id: 'C2', name: 'Bo Owned', org_name: 'Test Org', created_by: OTHER, primary_owner_id: ME },
  { id: 'c3', short_id: 'C3', name: 'Cy Theirs', org_name: 'Test Org', created_by: OTHER, primary_owner_id: null },
];
const LIFECYCLE = { table: contacts, noun: { one: 'contact', many: 'contacts' } };

function Page() {
  const list = useListPage<Contact>({ title: 'Contacts', columns, source: { kind: 'table', table: contacts, excludeArchived: true }, lifecycle: { ...LIFECYCLE, canDelete: true } });
  return <ListPage list={list} />;
}

/** A list whose rows leave through their status, not the archive, under Settings rights (an organisation's users). */
function UsersPage() {
  const list = useListPage<Contact>({
    title: 'Users',
    columns,
    source: { kind: 'table', table: contacts, excludeArchived: true },
    lifecycle: { ...LIFECYCLE, noun: { one: 'user', many: 'users' }, archivable: false, fields: [{ field: 'status', label: 'Status', options: [{ value: 'Inactive', label: 'Inactive' }] }] },
    accessComponent: 'settings',
  });
  return <ListPage list={list} />;
}

function permission(edit: string, remove: string, component = 'crm'): Permission {
  return { component_name: component, create_access: 'allowed', view_access: 'Organization', edit_access: edit, delete_access: remove };
}

/** The list of three contacts, for a role with these CRM levels; bulk_update answers with what it was given. */
function renderList(levels: Permission | Permission[], listed: readonly Contact[] = rows, url = '/contacts', page = <Page />) {
  return renderWithStack(
    <AccessComponentProvider component="crm">
      {page}
    </AccessComponentProvider>,
    {
      session: { permissions: Array.isArray(levels) ? levels : [levels], profiles: [{ id: ME, auth_user_id: 'auth-1', org_name: 'Test Org', role_id: 'r1', name: 'Demo', email: 'demo@steward.dev' }] },
      respond: (request: CapturedRequest): Answer => {
        if (request.url.pathname.endsWith('/rpc/bulk_update')) {
          const ids = (request.body as { p_ids: string[] }).p_ids;
          return { body: { changed: ids.length, skipped: 0, batch_id: 'batch-1' } };
        }
        if (request.url.pathname.endsWith('/rpc/bulk_delete')) {
          return { body: { deleted: (request.body as { p_ids: string[] }).p_ids.length, skipped: 0 } };
        }
        if (request.url.pathname === '/rest/v1/contacts') {
          // The list's page, and the rows read whole by id before a Personal change.
          const ids = /id=in\.\(([^)]*)\)/.exec(decodeURIComponent(request.url.search))?.[1]?.split(',');
          const answer = ids ? rows.filter((row) => ids.includes(row.id)) : listed;
          return { body: answer, headers: { 'content-range': `0-${answer.length - 1}/${answer.length}` } };
        }
        return { body: [] };
      },
      wrapper: (children) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>,
    },
  );
}

const bulkCalls = (requests: CapturedRequest[]) => requests.filter((request) => request.url.pathname.endsWith('/rpc/bulk_update'));
const byIdReads = (requests: CapturedRequest[]) => requests.filter((request) => request.url.pathname === '/rest/v1/contacts' && decodeURIComponent(request.url.search).includes('id=in.('));

async function selectAll(user: ReturnType<typeof userEvent.setup>, noun = 'contacts') {
  await screen.findByRole('link', { name: 'Ann Mine' });
  await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
  return screen.findByRole('group', { name: `Actions on 3 ${noun}` });
}

describe('bulk actions under the role’s levels', () => {
  it('Organization: Archive changes every selected row at once, with no question and no extra read', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(permission('Organization', 'Organization'));
    const bar = await selectAll(user);
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(bulkCalls(requests)).toHaveLength(1));
    expect(bulkCalls(requests)[0]?.body).toMatchObject({ p_table: 'crm.contacts', p_ids: ['c1', 'c2', 'c3'], p_changes: { archive: true } });
    expect(byIdReads(requests)).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Personal: Archive says how many of the selection are the person’s and changes only those', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(permission('Personal', 'Personal'));
    const bar = await selectAll(user);
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('2 of the 3 selected contacts are yours; only those change.');
    expect(bulkCalls(requests)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Archive 2 contacts' }));
    await waitFor(() => expect(bulkCalls(requests)).toHaveLength(1));
    expect(bulkCalls(requests)[0]?.body).toMatchObject({ p_ids: ['c1', 'c2'], p_changes: { archive: true } });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('Personal: Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(permission('Personal', 'Organization'));
    const bar = await selectAll(user);
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    const question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bulkCalls(requests)).toHaveLength(0);
  });

  it('Personal: when every selected row is the person’s own, the change is made at once', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(permission('Personal', 'Personal'), rows.slice(0, 2));
    await screen.findByRole('link', { name: 'Ann Mine' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = await screen.findByRole('group', { name: 'Actions on 2 contacts' });
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(bulkCalls(requests)).toHaveLength(1));
    expect(bulkCalls(requests)[0]?.body).toMatchObject({ p_ids: ['c1', 'c2'] });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Personal: none of the selection is theirs: it says so and offers nothing to confirm', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(permission('Personal', 'Personal'), rows.slice(2));
    await screen.findByRole('link', { name: 'Cy Theirs' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Theirs' }));
    const bar = await screen.findByRole('group', { name: 'Actions on 1 contact' });
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    const notice = await screen.findByRole('alertdialog');
    expect(notice).toHaveTextContent('The selected contact is not yours; your role changes only your own records.');
    expect(within(notice).queryByRole('button', { name: /Archive/ })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(bulkCalls(requests)).toHaveLength(0);
  });

  it('Personal delete: deleting archived rows for good names only the person’s own and deletes only those', async () => {
    const user = userEvent.setup();
    const { requests } = renderList(permission('Organization', 'Personal'), rows, '/contacts?archived=1');
    const bar = await selectAll(user);
    await user.click(within(bar).getByRole('button', { name: 'Delete for good' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('2 of the 3 selected contacts are yours; only those change. Delete 2 contacts for good: Ann Mine and Bo Owned?');
    await user.click(within(question).getByRole('button', { name: 'Delete for good' }));
    const deletes = () => requests.filter((request) => request.url.pathname.endsWith('/rpc/bulk_delete'));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]?.body).toMatchObject({ p_ids: ['c1', 'c2'] });
  });

  it('a list whose rows leave through a field offers that field and export, no Archive and no Archived view, under the rights it names', async () => {
    const user = userEvent.setup();
    const { requests } = renderList([permission('Organization', 'Organization'), permission('Organization', 'Organization', 'settings')], rows, '/users', <UsersPage />);
    const bar = await selectAll(user, 'users');
    expect(within(bar).queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archived' })).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Export selection' })).toBeInTheDocument();
    await user.click(within(bar).getByLabelText('Set Status'));
    await user.click(await screen.findByTitle('Inactive'));
    await waitFor(() => expect(bulkCalls(requests)).toHaveLength(1));
    expect(bulkCalls(requests)[0]?.body).toMatchObject({ p_ids: ['c1', 'c2', 'c3'], p_changes: { status: 'Inactive' } });
  });

  it('the rights a list names govern its bulk changes, not the area’s', async () => {
    const user = userEvent.setup();
    renderList([permission('Organization', 'Organization'), permission('None', 'None', 'settings')], rows, '/users', <UsersPage />);
    const bar = await selectAll(user, 'users');
    expect(within(bar).queryByLabelText('Set Status')).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Export selection' })).toBeInTheDocument();
  });
});
