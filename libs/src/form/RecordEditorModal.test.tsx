import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { renderWithStack, type Responder } from '../testing';
import { useRecordEditor } from './useRecordEditor';
import { RecordEditorModal } from './RecordEditorModal';
import type { FieldDef } from './fieldSchema';

/** The refusal of a save someone else's change overtook, word for word. */
const CONFLICT = 'Someone else changed this record after you opened it, so your changes were not saved. Reload it to see the latest version, then make your changes again.';

const accommodations = tableRef<AnyRow>('catalog', 'accommodations');
const fields: FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'short_id', label: 'Short id', readOnly: true },
  { name: 'base_rate', label: 'Base rate', type: 'number', required: true },
  { name: 'internal', label: 'Internal', hidden: true },
  { name: 'image_url', label: 'Image' },
];
const stored = { id: 'a1', name: 'Cabin 1', short_id: 'AC-1', base_rate: 120, internal: 'x', image_url: null, org_name: 'Cedar Grove Outfitters', last_modified_at: '2026-03-01T10:00:00.000001+00:00' };

function Harness({ row }: { row?: AnyRow }) {
  const editor = useRecordEditor({ table: accommodations, fields, label: 'Accommodation' });
  return (
    <>
      <button onClick={() => editor.openCreate()}>open create</button>
      <button onClick={() => editor.openEdit(row ?? stored)}>open edit</button>
      <RecordEditorModal editor={editor} />
    </>
  );
}

const answerRecord: Responder = (req) => (req.method === 'GET' ? { body: stored } : { body: [] });

async function openEdit(respond: Responder = answerRecord, row?: AnyRow) {
  const user = userEvent.setup();
  const view = renderWithStack(<Harness row={row} />, { respond });
  await user.click(screen.getByText('open edit'));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Accommodation' });
  if (row?.id !== undefined || !row) await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue(String(stored.name)));
  return { ...view, user, dialog };
}

/** The create dialog, saved once empty: its required rules are showing. */
async function openCreateAndSaveEmpty() {
  const user = userEvent.setup();
  const view = renderWithStack(<Harness />, { respond: (req) => ({ status: 201, body: { id: 'new', ...(req.body as object) } }) });
  await user.click(screen.getByText('open create'));
  const dialog = await screen.findByRole('dialog', { name: 'New Accommodation' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
  return { ...view, user, dialog };
}

describe('generic record editor', () => {
  // Creating is two tests, each well inside its time on a busy machine: the first also pays for
  // drawing the dialog's form for the first time in this worker.
  it('creates: required rules and the banner first, sending nothing; only editable fields are offered', async () => {
    const { requests, dialog } = await openCreateAndSaveEmpty();
    expect(within(dialog).getByText('Please fix the highlighted fields.')).toBeInTheDocument();
    expect(within(dialog).getByText('Base rate is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(within(dialog).queryByLabelText('Internal')).toBeNull();
    expect(within(dialog).getByLabelText('Short id')).toBeDisabled();
  });

  it('creates: a required rule clears as its field is filled; Save sends the editable fields with the active organisation', async () => {
    const { requests, user, dialog } = await openCreateAndSaveEmpty();
    await user.type(within(dialog).getByLabelText('Name'), 'Cabin 9');
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    await user.type(within(dialog).getByLabelText('Base rate'), '150.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/rest/v1/accommodations');
    expect(requests[0]?.body).toEqual({ name: 'Cabin 9', base_rate: 150.5, image_url: null, org_name: 'Cedar Grove Outfitters' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses to create before the organisation is known', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Harness />, { session: { orgName: null } });
    await user.click(screen.getByText('open create'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'x');
    await user.type(within(dialog).getByLabelText('Base rate'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Cannot create yet: missing user/org context...')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('edits: loads the row by id; nothing changed closes without a request', async () => {
    const { requests, user, dialog } = await openEdit();
    expect(requests.map((r) => `${r.method} ${decodeURIComponent(r.url.search)}`)).toEqual(['GET ?select=*&id=eq.a1']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toHaveLength(1);
  });

  it('edits: a value written differently but stored the same (120.0 for 120) is no change and sends nothing', async () => {
    const { requests, user, dialog } = await openEdit();
    const rate = within(dialog).getByLabelText('Base rate');
    await user.clear(rate);
    await user.type(rate, '120.0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('edits: sends only the changed field, guarded by the loaded version', async () => {
    const { requests, user, dialog } = await openEdit((req) => (req.method === 'GET' ? { body: stored } : { body: [{ ...stored, name: 'Cabin One' }] }));
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Cabin One');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ name: 'Cabin One' });
    expect(patch?.url.searchParams.get('last_modified_at')).toBe(`eq.${stored.last_modified_at}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps what was typed while the row was being read again, and saves it', async () => {
    let answer: (value: { body: AnyRow }) => void = () => undefined;
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Harness />, {
      respond: (req) => (req.method === 'GET' ? new Promise((resolve) => (answer = resolve)) : { body: [{ ...stored, name: 'Cabin One' }] }),
    });
    await user.click(screen.getByText('open edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Accommodation' });
    // While the read is on its way the form is under a spinner: a pointer cannot reach it, the keyboard can.
    const name = within(dialog).getByLabelText('Name');
    name.focus();
    await user.keyboard('{Control>}a{/Control}Cabin One');
    expect(name).toHaveValue('Cabin One');
    await waitFor(() => expect(requests.some((r) => r.method === 'GET')).toBe(true));
    answer({ body: { ...stored, base_rate: 130 } });
    await waitFor(() => expect(within(dialog).getByLabelText('Base rate')).toHaveValue('130'));
    expect(name).toHaveValue('Cabin One');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Cabin One' });
  });

  it('refuses a save over someone else\'s newer change and offers to reload', async () => {
    let version = stored.last_modified_at;
    const { requests, user, dialog } = await openEdit((req) => {
      if (req.method === 'PATCH') return { body: [] };
      return { body: { ...stored, name: version === stored.last_modified_at ? 'Cabin 1' : 'Cabin (theirs)', last_modified_at: version } };
    });
    version = '2026-03-01T11:00:00+00:00';
    await user.type(within(dialog).getByLabelText('Name'), ' mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CONFLICT)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Cabin (theirs)'));
    expect(within(dialog).queryByText(CONFLICT)).toBeNull();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('shows the server message, or "Save failed" when there is none', async () => {
    const { user, dialog } = await openEdit((req) => (req.method === 'GET' ? { body: stored } : { status: 400, body: { message: 'new row violates check constraint', code: '23514' } }));
    await user.type(within(dialog).getByLabelText('Name'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('new row violates check constraint')).toBeInTheDocument();
  });

  it('falls back to "Save failed"', async () => {
    const { user, dialog } = await openEdit((req) => (req.method === 'GET' ? { body: stored } : { status: 500, body: {} }));
    await user.type(within(dialog).getByLabelText('Name'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Save failed')).toBeInTheDocument();
  });

  it('says "Missing id" when asked to edit a row without one', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Harness row={{ name: 'No id' }} />);
    await user.click(screen.getByText('open edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Accommodation' });
    expect(within(dialog).getByText('Missing id')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(requests).toHaveLength(0);
  });

  it('shows "Saving…" and does not close from the backdrop or Escape while saving', async () => {
    let release: (() => void) | undefined;
    const { user, dialog } = await openEdit(async (req) => {
      if (req.method === 'GET') return { body: stored };
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { body: [{ ...stored, name: 'Later' }] };
    });
    await user.type(within(dialog).getByLabelText('Name'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: /Saving…/ })).toBeDisabled();
    const mask = document.querySelector('.ant-modal-wrap');
    if (mask) fireEvent.click(mask);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release?.();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('uploads into the URL box, and reports "Upload failed"', async () => {
    let fail = false;
    const { user, dialog, requests } = await openEdit((req) => {
      if (req.url.pathname.startsWith('/storage')) return fail ? { status: 500, body: {} } : { body: { Key: 'k', Id: '1' } };
      return req.method === 'GET' ? { body: stored } : { body: [] };
    });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['img'], 'cabin photo.png', { type: 'image/png' }));
    const urlBox = within(dialog).getByLabelText('Image') as HTMLInputElement;
    await waitFor(() => expect(urlBox.value).toMatch(/\/storage\/v1\/object\/public\/accommodations\/CedarGroveOutfitters\/\d+_cabin-photo\.png$/));
    expect(requests.find((r) => r.url.pathname.startsWith('/storage'))?.headers.get('x-upsert')).toBe('false');
    fail = true;
    // antd replaces its file input after each pick.
    const again = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(again, new File(['img'], 'b.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Upload failed')).toBeInTheDocument();
  });

  it('offers a URL box with a host placeholder next to the upload', async () => {
    const { dialog } = await openEdit();
    expect(within(dialog).getByLabelText('Image')).toHaveAttribute('placeholder', `https://${window.location.host}/…`);
    expect(within(dialog).getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
  });

  it('shows no fields for shared default rows', async () => {
    const user = userEvent.setup();
    const system = { ...stored, org_name: '_system_default_' };
    renderWithStack(<Harness row={system} />, { respond: () => ({ body: system }) });
    await user.click(screen.getByText('open edit'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Shared default records cannot be edited.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
