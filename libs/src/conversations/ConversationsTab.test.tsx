import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
    // The messages' names as they are shown, in order (read from the elements: 73 articles are many for role queries).
    const shown = () => Array.from(document.querySelectorAll('article'), (article) => article.getAttribute('aria-label'));
    await waitFor(() => expect(shown()).toHaveLength(50));
    expect(shown()[0]).toBe('Sent message: Message 0');
    expect(shown()).not.toContain('Sent message: Message 50');

    const older = screen.getByRole('button', { name: 'Show older messages' });
    older.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toHaveLength(73));
    const fifty = document.querySelector<HTMLElement>('article[aria-label="Sent message: Message 50"]');
    await waitFor(() => expect(fifty).toHaveFocus());
    // The ones already shown keep their place, above the older ones.
    const names = shown();
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

describe('a failed message', () => {
  it("shows the server's reason, and when the outbox will try again if it will", async () => {
    const retryAt = new Date(Date.UTC(2026, 10, 2, 12, 5));
    const failed = (id: string, subject: string, retry_at: string | null): ConversationMessage => ({
      ...ALL[0]!, id, thread_id: id, subject, status: 'failed', error: 'The mail server smtp.example.org:587 did not answer within 15 s', retry_at,
    });
    renderWithStack(<ConversationsTab record={ABIGAIL} canSend={false} />, {
      respond: (request) =>
        request.url.pathname.endsWith('/rpc/record_messages') ? { body: [failed('f1', 'Retrying', retryAt.toISOString()), failed('f2', 'Given up', null)] } : { body: [] },
    });
    const retrying = await screen.findByRole('article', { name: 'Sent message: Retrying' });
    const time = retryAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    expect(within(retrying).getByRole('alert')).toHaveTextContent(`Not sent: The mail server smtp.example.org:587 did not answer within 15 sIt will be tried again at ${time}.`);
    const givenUp = screen.getByRole('article', { name: 'Sent message: Given up' });
    expect(within(givenUp).getByRole('alert')).toHaveTextContent(/^Not sent: The mail server smtp\.example\.org:587 did not answer within 15 s$/);
  });
});
