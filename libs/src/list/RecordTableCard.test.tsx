import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tableRef, type AnyRow } from '@steward/libs/data';
import type { FieldDef } from '@steward/libs/form';
import { Toaster } from '@steward/libs/ui/core';
import { renderWithStack } from '../testing';
import { MemoryRouter } from '@steward/libs/router';
import { RecordTableCard } from './RecordTableCard';

const accommodations = tableRef<AnyRow>('catalog', 'accommodations');
const fields: FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'short_id', label: 'Short id', readOnly: true },
  { name: 'secret', label: 'Secret', hidden: true },
  { name: 'description', label: 'Description' },
  { name: 'capacity', label: 'Capacity', type: 'integer' },
  { name: 'class_id', label: 'Class', relation: { schema: 'catalog', table: 'accommodation_classes', valueField: 'id', labelField: 'name' } },
  { name: 'base_rate', label: 'Base rate', type: 'number', required: true },
];
const cabin = { id: 'a1', name: 'Cabin 1', short_id: 'AC1', description: null, capacity: 4, class_id: 'c1', base_rate: 120, org_name: 'Cedar Grove Outfitters', last_modified_at: '2026-01-01T00:00:00+00:00' };

describe('RecordTableCard', () => {
  it('lists the organisation\'s rows newest first, limit 200, with the first five visible fields and Edit', async () => {
    const { requests } = renderWithStack(<RecordTableCard title="Accommodations" label="Accommodation" table={accommodations} fields={fields} />, {
      respond: (req) => (req.url.pathname.endsWith('accommodation_classes') ? { body: [{ id: 'c1', name: 'Riverside' }] } : { body: [cabin] }),
    });
    const table = await screen.findByRole('table');
    await within(table).findByText('Cabin 1');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Short id', 'Description', 'Capacity', 'Class', 'Actions']);
    expect(await within(table).findByText('Riverside')).toBeInTheDocument();
    expect(within(table).getByText('—')).toBeInTheDocument();
    const list = requests.find((r) => r.url.pathname.endsWith('/accommodations'));
    expect(decodeURIComponent(list?.url.search ?? '').replace(/\+/g, ' ')).toBe('?select=*&org_name=eq.Cedar Grove Outfitters&archive=not.is.true&order=created_at.desc.nullsfirst,id.asc&offset=0&limit=200');
  });

  it('says "No rows yet." and opens "New {label}" and "Edit {label}"', async () => {
    const user = userEvent.setup();
    renderWithStack(<RecordTableCard title="Accommodations" label="Accommodation" table={accommodations} fields={fields} />, { respond: () => ({ body: [] }) });
    expect(await screen.findByText('No rows yet.')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[aria-label="Accommodations"]')).toHaveAttribute('aria-busy', 'false'));
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    expect(await screen.findByRole('dialog', { name: 'New Accommodation' })).toBeInTheDocument();
  });

  it('opens the editor on Edit and shows the error banner when the list fails', async () => {
    const user = userEvent.setup();
    renderWithStack(<RecordTableCard title="Rates" label="Rate" table={accommodations} fields={fields} columnFields={['name']} />, { respond: (req) => (req.method === 'GET' && req.url.searchParams.get('id') ? { body: cabin } : { body: [cabin] }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Cabin 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rate' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Cabin 1'));
  });

  it('archives selected rows in one call with Undo, and its Archived view lists archived rows to restore', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<><RecordTableCard title="Accommodations" label="Accommodation" table={accommodations} fields={fields} /><Toaster /></>, {
      respond: (req) => {
        if (req.url.pathname.endsWith('/rpc/bulk_update')) return { body: { changed: 1, skipped: 0, batch_id: 'batch-1' } };
        if (req.url.pathname.endsWith('accommodation_classes')) return { body: [] };
        return { body: [cabin] };
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cabin 1' }));
    const actions = await screen.findByRole('group', { name: 'Actions on 1 accommodation' });
    await user.click(within(actions).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(requests.filter((r) => r.url.pathname.endsWith('/rpc/bulk_update')).map((r) => r.body)).toEqual([{ p_table: 'catalog.accommodations', p_ids: ['a1'], p_changes: { archive: true } }]));
    expect(await screen.findByText('Archived 1 accommodation')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archived' }));
    expect(screen.getByRole('button', { name: 'Archived' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Archived accommodations: select rows to restore them or delete them for good.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New' })).toBeNull();
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith('/accommodations') && decodeURIComponent(r.url.search).includes('archive=eq.true'))).toBe(true));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cabin 1' }));
    const archivedActions = await screen.findByRole('group', { name: 'Actions on 1 accommodation' });
    expect(within(archivedActions).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(within(archivedActions).getByRole('button', { name: 'Delete for good' })).toBeInTheDocument();
    expect(within(archivedActions).queryByRole('button', { name: 'Archive' })).toBeNull();
  });

  it('shows a load error in a banner', async () => {
    renderWithStack(<RecordTableCard title="Rates" label="Rate" table={accommodations} fields={fields} />, { respond: () => ({ status: 404, body: { message: 'relation does not exist', code: '42P01' } }) });
    expect(await screen.findByText('relation does not exist')).toBeInTheDocument();
  });
});

describe('RecordTableCard with the organisation\'s fields', () => {
  const DEPTH = '7a3c1e5b-2d4f-4a6b-8c9d-0e1f2a3b4c5d';
  const VIEW = '8b4d2f6c-3e5a-4b7c-9dae-1f2a3b4c5d6e';
  const definitions = [
    { id: DEPTH, org_name: 'Cedar Grove Outfitters', record_kind: 'accommodation', label: 'Depth', help_text: null, field_type: 'number', link_kind: null, required: false, default_value: null, position: 1, archive: false, sensitive: false, choices: [] },
    { id: VIEW, org_name: 'Cedar Grove Outfitters', record_kind: 'accommodation', label: 'View', help_text: null, field_type: 'single_choice', link_kind: null, required: false, default_value: null, position: 2, archive: false, sensitive: false, choices: [{ id: 'lake', label: 'Lake', archived: false }, { id: 'wood', label: 'Woods', archived: false }] },
  ];
  const rows = [
    { ...cabin, id: 'a1', name: 'Cabin 1', custom: { [DEPTH]: 30, [VIEW]: 'lake' } },
    { ...cabin, id: 'a2', name: 'Cabin 2', custom: { [DEPTH]: 10, [VIEW]: 'lake' } },
    { ...cabin, id: 'a3', name: 'Cabin 3', custom: { [DEPTH]: 20, [VIEW]: 'wood' } },
  ];
  const respond = (req: { url: URL }) => {
    if (req.url.pathname.endsWith('/custom_fields')) return { body: definitions };
    if (req.url.pathname.endsWith('/accommodations')) return { body: rows };
    return { body: [] };
  };

  it('filters and sorts its rows by them as the URL says, and offers Filters and Sort', async () => {
    const filter = encodeURIComponent(JSON.stringify([[[`custom.${VIEW}`, 'any_of', 'lake']]]));
    renderWithStack(<RecordTableCard title="Accommodations" label="Accommodation" table={accommodations} fields={fields} customKind="accommodation" />, {
      respond,
      wrapper: (children) => <MemoryRouter initialEntries={[`/lodging/settings?f=${filter}&sort=custom.${DEPTH}`]}>{children}</MemoryRouter>,
    });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('cell')[1]?.textContent)).toEqual(['Cabin 2', 'Cabin 1']));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sort' }));
    expect(await screen.findByRole('region', { name: 'Sort' })).toBeVisible();
  });

  it('shows a sensitive field\'s values the person may see (the table never carries them), and filters by them', async () => {
    const CODE = '9c5e3a7d-4f6b-4c8d-8e0f-2a3b4c5d6e7f';
    const code = { ...definitions[0]!, id: CODE, label: 'Gate code', field_type: 'short_text', position: 3, sensitive: true };
    const { requests } = renderWithStack(<RecordTableCard title="Accommodations" label="Accommodation" table={accommodations} fields={fields} customKind="accommodation" />, {
      respond: (req) => {
        if (req.url.pathname.endsWith('/custom_fields')) return { body: [...definitions, code] };
        if (req.url.pathname.endsWith('/rpc/custom_values')) return { body: [{ id: 'a1', custom: { [CODE]: '4417' } }, { id: 'a3', custom: { [CODE]: '9020' } }] };
        return respond(req);
      },
      wrapper: (children) => (
        <MemoryRouter initialEntries={[`/lodging/settings?cols=name,custom.${CODE}&f=${encodeURIComponent(JSON.stringify([[[`custom.${CODE}`, 'contains', '44']]]))}`]}>{children}</MemoryRouter>
      ),
    });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('cell')[1]?.textContent)).toEqual(['Cabin 1']));
    expect(within(table).getByRole('columnheader', { name: 'Gate code' })).toBeVisible();
    expect(within(table).getByText('4417')).toBeVisible();
    const asked = requests.find((r) => r.url.pathname.endsWith('/rpc/custom_values'));
    expect(asked?.body).toEqual({ p_kind: 'accommodation', p_ids: ['a1', 'a2', 'a3'] });
  });
});
