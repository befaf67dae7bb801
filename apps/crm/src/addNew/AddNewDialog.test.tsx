import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { Button } from '@steward/libs/ui/antd';
import { renderWithStack, chooseOption, type Answer, type CapturedRequest } from '@steward/libs/testing';
import { useAddNewDialog, type AddNewConfig } from './useAddNewDialog';
import { AddNewDialog } from './AddNewDialog';
import type { SessionApi } from '@steward/libs/session';
import { later } from '../i18n';

// The dialog says the CRM's later words: in, as when Add New opens it (CrmListPage loads them with it).
beforeAll(() => later.preload());

const businessConfig: AddNewConfig<AnyRow> = {
  table: tableRef<AnyRow>('crm', 'businesses'),
  entityLabel: 'Business',
  failureNoun: 'business',
  ownerColumn: 'business_id',
  secondary: { phone: true, email: true, address: true },
  fields: [
    { name: 'name', label: 'Name', required: true },
    { name: 'type_id', label: 'Type', required: true, relation: { schema: 'crm', table: 'business_types', valueField: 'id', labelField: 'name' } },
  ],
};

// `kind` is the database's (crm.contact_method_types.kind); the dialog only reads it.
const types = [
  { id: 't-mobile', name: 'Mobile', kind: 'phone' },
  { id: 't-office', name: 'Office', kind: 'phone' },
  { id: 't-mail', name: 'Work e-mail', kind: 'email' },
  { id: 't-web', name: 'Website', kind: 'other' },
];

function Harness({ config = businessConfig }: { config?: AddNewConfig<AnyRow> }) {
  const dialog = useAddNewDialog(config);
  const { children, ...buttonProps } = dialog.buttonProps;
  return (
    <>
      <Button {...buttonProps}>{children}</Button>
      <AddNewDialog dialog={dialog} />
    </>
  );
}

function responder(failure?: Answer) {
  return (req: CapturedRequest): Answer => {
    const table = req.url.pathname.split('/').pop() ?? '';
    if (req.method === 'GET' && table === 'contact_method_types') return { body: types };
    if (req.method === 'GET' && table === 'business_types') return { body: [{ id: 'bt-1', name: 'Retail' }] };
    if (req.method === 'POST' && table === 'add_record') {
      if (failure) return failure;
      const args = req.body as { p_kind: string; p_record: object };
      return { status: 200, body: { id: `${args.p_kind}-new`, ...args.p_record } };
    }
    return { body: [] };
  };
}

async function openDialog(failure?: Answer, session: Partial<SessionApi> = {}) {
  const user = userEvent.setup();
  const view = renderWithStack(<Harness />, { respond: responder(failure), session });
  await user.click(screen.getByRole('button', { name: 'Add New' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Business' });
  // The form's controls load with the form layer, the first time a form opens.
  await within(dialog).findByLabelText('Name');
  return { ...view, user, dialog };
}

/** Puts text into a field as one input (a paste): the dialog re-renders once, not once a keystroke. */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await enter(user, within(dialog).getByLabelText('Name'), 'Blue Ridge Supply');
  await chooseOption('Type', 'Retail', dialog);
}

const posts = (requests: CapturedRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => ({ path: r.url.pathname, body: r.body }));

describe('Add New dialog', () => {
  it('keeps Add New disabled until both the organisation and the user are known', () => {
    const { unmount } = renderWithStack(<Harness />, { session: { orgName: null } });
    expect(screen.getByRole('button', { name: 'Add New' })).toBeDisabled();
    unmount();
    const second = renderWithStack(<Harness />, { session: { user: null } });
    expect(screen.getByRole('button', { name: 'Add New' })).toBeDisabled();
    second.unmount();
    renderWithStack(<Harness />);
    expect(screen.getByRole('button', { name: 'Add New' })).toBeEnabled();
  });

  it('requires the fields marked required (businesses: name and type)', async () => {
    const { user, dialog, requests } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please fix the highlighted fields.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
  });

  it('offers the types the database calls phone as phone types, and no others', async () => {
    const { dialog } = await openDialog();
    await chooseOption('Phone type', 'Mobile', dialog);
    const phoneOptions = Array.from(document.querySelectorAll('.ant-select-item-option')).map((n) => n.textContent);
    expect(phoneOptions).toEqual(expect.arrayContaining(['Mobile', 'Office']));
    expect(phoneOptions).not.toContain('Website');
    expect(phoneOptions).not.toContain('Work e-mail');
  });

  it('writes the record and a primary phone in ONE call, sending a phone or e-mail only when value and type are both chosen', async () => {
    const { user, dialog, requests } = await openDialog();
    await fillRequired(user, dialog);
    await enter(user, within(dialog).getByLabelText('Primary phone'), '828-555-0100');
    await chooseOption('Phone type', 'Mobile', dialog);
    await enter(user, within(dialog).getByLabelText('Primary e-mail'), 'a@b.co');
    // No e-mail type chosen: the e-mail is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(requests)).toEqual([
      {
        path: '/rest/v1/rpc/add_record',
        body: {
          p_org_name: 'Cedar Grove Outfitters',
          p_kind: 'business',
          p_record: { name: 'Blue Ridge Supply', type_id: 'bt-1' },
          p_address: null,
          p_phone: { value: '828-555-0100', type_id: 't-mobile' },
          p_email: null,
        },
      },
    ]);
  });

  it('sends the primary address when any address line is filled', async () => {
    const { user, dialog, requests } = await openDialog();
    await fillRequired(user, dialog);
    await enter(user, within(dialog).getByLabelText('City'), 'Asheville');
    await enter(user, within(dialog).getByLabelText('Primary e-mail'), 'a@b.co');
    await chooseOption('E-mail type', 'Work e-mail', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({ p_address: { city: 'Asheville' }, p_email: { type_id: 't-mail', value: 'a@b.co' }, p_phone: null });
  });

  it('says "Failed to add business: {message}" when the record is refused', async () => {
    const { user, dialog } = await openDialog({ status: 403, body: { message: 'new row violates row-level security policy', code: '42501' } });
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to add business: new row violates row-level security policy')).toBeInTheDocument();
  });

  it('falls back to "Unknown error" in that message', async () => {
    const { user, dialog } = await openDialog({ status: 500, body: {} });
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to add business: Unknown error')).toBeInTheDocument();
  });

  it('shows the part the database names when a secondary row is refused, and keeps the form to try again', async () => {
    const { user, dialog, requests } = await openDialog({ status: 400, body: { message: 'primary phone: value too long', code: '22001' } });
    await fillRequired(user, dialog);
    await enter(user, within(dialog).getByLabelText('Primary phone'), '1');
    await chooseOption('Phone type', 'Office', dialog);
    await enter(user, within(dialog).getByLabelText('Address line 1'), '1 Main St');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to add business: primary phone: value too long')).toBeInTheDocument();
    // Nothing was written, so nothing is undone, and Save stays to try again with what was typed.
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Address line 1')).toHaveValue('1 Main St');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('requires the contact’s names and sends its kind as contact', async () => {
    const user = userEvent.setup();
    const contactConfig: AddNewConfig<AnyRow> = {
      ...businessConfig,
      table: tableRef<AnyRow>('crm', 'contacts'),
      entityLabel: 'Contact',
      failureNoun: 'contact',
      ownerColumn: 'contact_id',
      fields: [
        { name: 'name', label: 'Name', required: true },
        { name: 'first_name', label: 'First name', required: true },
        { name: 'last_name', label: 'Last name', required: true },
      ],
    };
    const { requests } = renderWithStack(<Harness config={contactConfig} />, { respond: responder() });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Contact' });
    await within(dialog).findByLabelText('Name');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText('Name'), 'Ann Lee');
    await enter(user, within(dialog).getByLabelText('First name'), 'Ann');
    await enter(user, within(dialog).getByLabelText('Last name'), 'Lee');
    await enter(user, within(dialog).getByLabelText('Primary phone'), '555');
    await chooseOption('Phone type', 'Mobile', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({ p_kind: 'contact', p_record: { name: 'Ann Lee', first_name: 'Ann', last_name: 'Lee' }, p_phone: { type_id: 't-mobile', value: '555' } });
  });
});
