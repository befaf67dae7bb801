import { beforeAll, describe, expect, it } from 'vitest';
import { later } from '@steward/libs/messages';
import { bulkOutcomeText, groupByThread, replySubject } from './conversationWords';
import { attachmentProblem, composerSchema, messageFilePath, sendMessagePayload } from './conversationsApi';
import type { ConversationMessage } from './conversationsApi';

// The words these say are fetched when a screen that says them first draws.
beforeAll(() => later.preload());

const message = (id: string, thread: string, at: string, subject = 'Hello'): ConversationMessage => ({
  id, thread_id: thread, direction: 'out', status: 'sent', error: null, message_id: null, in_reply_to: null, subject, body_text: '', body_html: null,
  from_email: 'a@b.org', from_name: null, to_emails: [], cc_emails: [], created_at: at, sent_at: null,
});

describe('conversation words', () => {
  it('prefixes a reply once', () => {
    expect(replySubject('Your stay')).toBe('Re: Your stay');
    expect(replySubject('RE: Your stay')).toBe('RE: Your stay');
  });
  it('says how many were queued and skipped', () => {
    expect(bulkOutcomeText({ total: 5, queued: 3, skipped: 2 })).toBe('3 of 5 queued, 2 skipped (unsubscribed, bounced or no address)');
    expect(bulkOutcomeText({ total: 2, queued: 2, skipped: 0 })).toBe('2 of 2 queued, none skipped');
  });
  it('groups messages by thread, newest thread and newest message first', () => {
    const threads = groupByThread([message('1', 't1', '2026-01-01', 'First'), message('2', 't2', '2026-01-02', 'Other'), message('3', 't1', '2026-01-03', 'Re: First')]);
    expect(threads.map((thread) => thread.threadId)).toEqual(['t1', 't2']);
    expect(threads[0]!.messages.map((item) => item.id)).toEqual(['3', '1']);
    expect(threads[0]!.subject).toBe('First');
  });
});

describe('the composer at the edge', () => {
  const base = { to: ['abigail@example.org'], cc: [], subject: 'Hi', body: 'Text', template_id: null, reply_to: null };
  it('takes good values', () => expect(composerSchema.safeParse(base).success).toBe(true));
  it('names an address that is not one, an empty subject and body, no recipient', () => {
    const issues = (values: object) => composerSchema.safeParse({ ...base, ...values }).error?.issues.map((issue) => issue.message);
    expect(issues({ to: ['abigail@'] })).toEqual(['abigail@ is not an e-mail address']);
    expect(issues({ cc: ['a b@c.org'] })).toEqual(['a b@c.org is not an e-mail address']);
    expect(issues({ to: ['x@y.org\nBcc: z@w.org'] })).toEqual(['x@y.org\nBcc: z@w.org is not an e-mail address']);
    expect(issues({ subject: '  ' })).toEqual(['Give the message a subject']);
    expect(issues({ body: '\n' })).toEqual(['Write the message']);
    expect(issues({ to: [] })).toEqual(['Add an address to send it to']);
  });
  it('limits attachments to 10 MB each and 20 MB together', () => {
    const file = (name: string, mb: number) => ({ kind: 'record-file' as const, file_id: name, file_name: name, size_bytes: mb * 1024 * 1024 });
    expect(attachmentProblem([file('a.pdf', 9)])).toBeNull();
    expect(attachmentProblem([file('big.pdf', 11)])).toBe('big.pdf is larger than 10 MB');
    expect(attachmentProblem([file('a.pdf', 9), file('b.pdf', 9), file('c.pdf', 3)])).toBe('The attachments are larger than 20 MB together');
  });
  it('sends what crm.send_message takes', () => {
    const payload = sendMessagePayload(composerSchema.parse(base), [{ kind: 'contact', id: 'c1' }], [
      { kind: 'record-file', file_id: 'f1', file_name: 'a.pdf', size_bytes: 1 },
      { kind: 'upload', storage_path: 'Org/u/b.pdf', file_name: 'b.pdf', content_type: 'application/pdf', size_bytes: 2 },
    ]);
    expect(payload).toEqual({ ...base, links: [{ kind: 'contact', id: 'c1' }], attachments: [{ file_id: 'f1' }, { storage_path: 'Org/u/b.pdf', file_name: 'b.pdf', content_type: 'application/pdf', size_bytes: 2 }] });
  });
  it('names an upload after the organisation and a fresh id', () => {
    expect(messageFilePath('Grace Church', 'id1')).toBe('GraceChurch/id1');
    expect(messageFilePath('Grace Church')).toMatch(/^GraceChurch\/[0-9a-f-]{36}$/);
  });
});
