import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { Button } from '@steward/libs/ui/antd';
import { renderWithStack, chooseOption } from '../testing';
import { useRecordEditor } from './useRecordEditor';
import { InlineEditor } from './InlineEditor';
import type { FieldDef } from './fieldSchema';

const businesses = tableRef<AnyRow>('crm', 'businesses');
const fields: FieldDef[] = [
  { name: 'name', label: 'Name', required: { message: 'A business needs a name' } },
  { name: 'dba_name', label: 'DBA' },
  { name: 'archive', label: 'Archived', type: 'boolean' },
  { name: 'type_id', label: 'Type', relation: { schema: 'crm', table: 'business_types', valueField: 'id', labelField: 'name' } },
];
const row = { id: 'b1', name: 'Acme', dba_name: null, archive: false, type_id: 't1', org_name: 'Cedar Grove Outfitters', last_modified_at: '2026-02-02T00:00:00+00:00' };

function Detail() {
  const editor = useRecordEditor({ table: businesses, fields, label: 'Business' });
  return (
    <>
      <Button onClick={() => editor.openEdit(row)}>Edit</Button>
      <InlineEditor editor={editor} />
    </>
  );
}

const respond = (req: { method: string; url: URL }) => {
  if (req.url.pathname.endsWith('business_types')) return { body: [{ id: 't1', name: 'Retail' }, { id: 't2', name: 'Non-Profit' }] };
  if (req.method === 'PATCH') return { body: [{ ...row, archive: true, type_id: null }] };
  return { body: row };
};

describe('inline editor', () => {
  it('is closed until Edit, and nothing changed just closes it', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Detail />, { respond });
    expect(screen.queryByText('Edit Business')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Acme'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Edit Business')).toBeNull());
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('uses the rule\'s own required message', async () => {
    const user = userEvent.setup();
    renderWithStack(<Detail />, { respond });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Acme'));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('A business needs a name')).toBeInTheDocument();
    expect(screen.getByText('Please fix the highlighted fields.')).toBeInTheDocument();
  });

  it('maps the boolean select to true and the empty option to null, loading related options', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Detail />, { respond });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const card = (await screen.findByText('Edit Business')).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(card).getByLabelText('Name')).toHaveValue('Acme'));
    await chooseOption('Archived', 'True', card);
    await chooseOption('Type', '—', card);
    const options = requests.find((r) => r.url.pathname.endsWith('business_types'));
    expect(options?.url.searchParams.get('limit')).toBe('500');
    expect(options?.url.searchParams.get('org_name')).toBe('in.(Cedar Grove Outfitters,_system_default_)');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ archive: true, type_id: null });
  });
});
