import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDialog } from '@steward/libs/ui/core';
import { useEffect } from 'react';
import { renderWithStack, type CapturedRequest } from '../testing';
import { Composer } from './Composer';
import type { MessageRecord } from './conversationsApi';

const ABIGAIL: MessageRecord = { kind: 'contact', id: '11111111-1111-4111-8111-111111111111', name: 'Abigail Foster', email: 'abigail@example.org' };

function Opened({ record }: { record: MessageRecord }) {
  const dialog = useDialog();
  const { show } = dialog;
  useEffect(() => show(), [show]);
  return dialog.open ? <Composer dialog={dialog} record={record} /> : <p>closed</p>;
}

/** The stack's answers: templates, settings, merge fields; send_message as `send` says. */
function responder(send: (request: CapturedRequest) => { status?: number; body?: unknown }) {
  return (request: CapturedRequest) => {
    const path = request.url.pathname;
    if (path.endsWith('/mail_templates')) return { body: [{ id: 't1', name: 'Welcome', subject: 'Welcome, {{first_name}}', body: 'Dear {{full_name}}', archive: false }] };
    if (path.endsWith('/mail_settings')) return { body: { signature: 'The Cedar Grove team', from_name: 'Cedar Grove' } };
    if (path.endsWith('/rpc/inbound_address')) return { body: 'cedar@in.steward.localhost' };
    if (path.endsWith('/rpc/merge_fields')) return { body: [{ name: 'first_name', label: 'First name' }] };
    if (path.endsWith('/rpc/render_message')) return { body: { subject: 'Welcome, Abigail', body: 'Dear Abigail Foster', signature: null, html: '<p>Dear <b>Abigail</b> Foster</p><img src=x onerror="alert(1)"><script>alert(2)</script>', to: 'abigail@example.org' } };
    if (path.endsWith('/rpc/send_message')) return send(request);
    return { body: [] };
  };
}

describe('the composer', () => {
  it('is addressed to the record, shows the signature, and fills subject and text from a template', async () => {
    const user = userEvent.setup();
    renderWithStack(<Opened record={ABIGAIL} />, { respond: responder(() => ({ body: 'm1' })) });
    const dialog = await screen.findByRole('dialog');
    // The form layer loads on first use.
    await within(dialog).findByLabelText('Subject', {}, { timeout: 5_000 });
    expect(within(dialog).getByText('abigail@example.org')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Signature')).toHaveTextContent('The Cedar Grove team');
    await user.click(await within(dialog).findByLabelText('Template'));
    await user.click(await screen.findByTitle('Welcome'));
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Welcome, {{first_name}}');
    expect(within(dialog).getByLabelText(/Message/)).toHaveValue('Dear {{full_name}}');
  });

  it('offers the templates of the organisation being worked in, not those of every organisation the person is in', async () => {
    const { requests } = renderWithStack(<Opened record={ABIGAIL} />, { respond: responder(() => ({ body: 'm1' })), session: { orgName: 'Cedar Grove Outfitters' } });
    await within(await screen.findByRole('dialog')).findByLabelText('Subject', {}, { timeout: 5_000 });
    await waitFor(() => expect(requests.some((request) => request.url.pathname.endsWith('/mail_templates'))).toBe(true));
    const asked = requests.filter((request) => request.url.pathname.endsWith('/mail_templates'));
    expect(asked.map((request) => request.url.searchParams.get('org_name'))).toEqual(['eq.Cedar Grove Outfitters']);
  });

  it('names what is wrong before asking the database, and keeps the draft', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Opened record={ABIGAIL} />, { respond: responder(() => ({ body: 'm1' })) });
    const dialog = await screen.findByRole('dialog');
    // The form layer loads on first use.
    await within(dialog).findByLabelText('Subject', {}, { timeout: 5_000 });
    await user.type(within(dialog).getByLabelText('Cc'), 'not-an-address{Enter}');
    await user.click(within(dialog).getByLabelText(/Message/));
    await user.paste('Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('not-an-address is not an e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the message a subject')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Message/)).toHaveValue('Hello');
    expect(requests.some((request) => request.url.pathname.endsWith('/rpc/send_message'))).toBe(false);
  });

  it('shows the database’s refusal as it words it and stays open with everything typed', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Opened record={ABIGAIL} />, {
      respond: responder(() => ({ status: 400, body: { code: '22023', message: '{{nickname}} is not a merge field', details: null, hint: null } })),
    });
    const dialog = await screen.findByRole('dialog');
    // The form layer loads on first use.
    await within(dialog).findByLabelText('Subject', {}, { timeout: 5_000 });
    await user.click(within(dialog).getByLabelText('Subject'));
    await user.paste('Hi');
    await user.click(within(dialog).getByLabelText(/Message/));
    await user.paste('Hello {{nickname}}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('{{nickname}} is not a merge field')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Hi');
    expect(within(dialog).getByLabelText(/Message/)).toHaveValue('Hello {{nickname}}');
    const sent = requests.find((request) => request.url.pathname.endsWith('/rpc/send_message'));
    expect(sent?.body).toMatchObject({ p_message: { to: ['abigail@example.org'], cc: [], subject: 'Hi', body: 'Hello {{nickname}}', links: [{ kind: 'contact', id: ABIGAIL.id }], attachments: [] } });
  });

  // Sanitising itself is checked in Chromium (e2e/tests/crm/conversations.spec.ts): this DOM's parser is not a browser's.
  it('previews the mail as the database renders it for the person', async () => {
    const user = userEvent.setup();
    renderWithStack(<Opened record={ABIGAIL} />, { respond: responder(() => ({ body: 'm1' })) });
    const dialog = await screen.findByRole('dialog');
    // The form layer loads on first use.
    await within(dialog).findByLabelText('Subject', {}, { timeout: 5_000 });
    await user.click(within(dialog).getByLabelText('Subject'));
    await user.paste('Welcome, {{first_name}}');
    await user.click(within(dialog).getByLabelText(/Message/));
    await user.paste('Dear {{full_name}}');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Welcome, Abigail');
    expect(preview.querySelector('b')).toHaveTextContent('Abigail');
  });

  it('closes once the message is queued', async () => {
    const user = userEvent.setup();
    renderWithStack(<Opened record={ABIGAIL} />, { respond: responder(() => ({ body: 'm1' })) });
    const dialog = await screen.findByRole('dialog');
    // The form layer loads on first use.
    await within(dialog).findByLabelText('Subject', {}, { timeout: 5_000 });
    await user.click(within(dialog).getByLabelText('Subject'));
    await user.paste('Hi');
    await user.click(within(dialog).getByLabelText(/Message/));
    await user.paste('Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
  });

  it('removes an upload from storage when it is taken off the draft', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<Opened record={ABIGAIL} />, { respond: responder(() => ({ body: 'm1' })) });
    const dialog = await screen.findByRole('dialog');
    await user.upload(await within(dialog).findByLabelText('Upload a file (up to 10 MB)', {}, { timeout: 5_000 }), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Remove notes.txt' }));
    const stored = requests.find((request) => request.method === 'POST' && request.url.pathname.includes('/storage/v1/object/message-files/'));
    expect(stored).toBeDefined();
    const path = decodeURIComponent(stored!.url.pathname.split('/storage/v1/object/message-files/')[1]!);
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE' && JSON.stringify(request.body).includes(path))).toBe(true));
    expect(within(dialog).queryByRole('button', { name: 'Remove notes.txt' })).toBeNull();
  });
});
