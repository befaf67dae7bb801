import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStack, type CapturedRequest } from '../testing';
import { ConversationsTab } from './ConversationsTab';
import type { ConversationMessage, MessageRecord } from './conversationsApi';

const ABIGAIL: MessageRecord = { kind: 'contact', id: '11111111-1111-4111-8111-111111111111', name: 'Abigail Foster', email: 'abigail@example.org' };

/** The record's messages, newest first: message n was written n minutes before noon; the first 20 share one instant (a mail to many). */
const ALL: ConversationMessage[] = Array.from({ length: 73 }, (_, index) => {
  const minutes = index < 20 ? 0 : index;
  return {
    id: `00000000-0000-4000-8000-${String(999 - index).padStart(12, '0')}`,
    thread_id: `thread-${index}`,
    direction: 'out',
    status: 'sent',
    error: null,
    message_id: `<m${index}@example.org>`,
    in_reply_to: null,
    subject: `Message ${index}`,
    body_text: `Body ${index}`,
    body_html: null,
    from_email: 'desk@example.org',
    from_name: null,
    to_emails: ['abigail@example.org'],
    cc_emails: [],
    created_at: new Date(Date.UTC(2026, 10, 2, 12, -minutes)).toISOString(),
    sent_at: null,
  };
});

/** crm.record_messages as the database answers it: newest first, p_limit at a time after (p_before, p_before_id). */
function recordMessages(request: CapturedRequest) {
  const body = request.body as { p_limit: number; p_before?: string; p_before_id?: string };
  const after = ALL.filter(
    (message) => !body.p_before || message.created_at < body.p_before || (message.created_at === body.p_before && message.id < (body.p_before_id ?? '')),
  );
  return { body: after.slice(0, body.p_limit) };
}

describe('the Conversations tab', () => {
  it('shows the newest 50; "Show older messages" adds the ones before them below, from the keyboard, and puts the focus on the first of them', async () => {
    const user = userEvent.setup();
    const { requests } = renderWithStack(<ConversationsTab record={ABIGAIL} canSend={false} />, {
      respond: (request) => (request.url.pathname.endsWith('/rpc/record_messages') ? recordMessages(request) : { body: [] }),
    });
    expect(await screen.findByRole('article', { name: 'Sent message: Message 0' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.queryByRole('article', { name: 'Sent message: Message 50' })).toBeNull();

    const older = screen.getByRole('button', { name: 'Show older messages' });
    older.focus();
    await user.keyboard('{Enter}');
    const fifty = await screen.findByRole('article', { name: 'Sent message: Message 50' });
    expect(screen.getAllByRole('article')).toHaveLength(73);
    await waitFor(() => expect(fifty).toHaveFocus());
    // The ones already shown keep their place, above the older ones.
    const names = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(names.slice(0, 3)).toEqual(['Sent message: Message 0', 'Sent message: Message 1', 'Sent message: Message 2']);
    expect(names.indexOf('Sent message: Message 49')).toBeLessThan(names.indexOf('Sent message: Message 50'));
    // All 73 were read: none twice, none left out; nothing more to show.
    expect(new Set(names).size).toBe(73);
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();

    const asked = requests.filter((request) => request.url.pathname.endsWith('/rpc/record_messages')).map((request) => request.body);
    expect(asked).toEqual([
      { p_kind: 'contact', p_id: ABIGAIL.id, p_limit: 50 },
      { p_kind: 'contact', p_id: ABIGAIL.id, p_limit: 50, p_before: ALL[49]!.created_at, p_before_id: ALL[49]!.id },
    ]);
  });

  it('offers no older messages when the record has fewer than a page', async () => {
    renderWithStack(<ConversationsTab record={ABIGAIL} canSend={false} />, {
      respond: (request) => (request.url.pathname.endsWith('/rpc/record_messages') ? { body: ALL.slice(0, 3) } : { body: [] }),
    });
    expect(await screen.findByRole('article', { name: 'Sent message: Message 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
  });
});
