import type { BulkOutcome, ConversationMessage } from './conversationsApi';
import { later, type LibsLaterMessageId } from '@steward/libs/messages';

const { t } = later;

/** A reply's subject: "Re: " once. */
export const replySubject = (subject: string | null) => {
  const text = (subject ?? '').trim();
  return /^re:/i.test(text) ? text : `Re: ${text}`;
};

/** What mail to many reports: how many were queued and how many skipped, of how many chosen. */
export function bulkOutcomeText(outcome: Pick<BulkOutcome, 'total' | 'queued' | 'skipped'>): string {
  return t('conversations.bulkOutcome', { queued: String(outcome.queued), total: String(outcome.total), skipped: outcome.skipped, skippedN: String(outcome.skipped) });
}

/** A sent message's status, as ids of libs' messages. */
export const STATUS_LABEL: Record<ConversationMessage['status'], LibsLaterMessageId> = {
  queued: 'conversations.status.queued',
  sent: 'conversations.status.sent',
  failed: 'conversations.status.failed',
  received: 'conversations.status.received',
};

/** A record's messages as threads: each thread's messages newest first, the thread with the newest message first. */
export function groupByThread(messages: readonly ConversationMessage[]): { threadId: string; subject: string; messages: ConversationMessage[] }[] {
  const threads = new Map<string, ConversationMessage[]>();
  for (const message of messages) {
    const list = threads.get(message.thread_id) ?? [];
    list.push(message);
    threads.set(message.thread_id, list);
  }
  const newest = (list: ConversationMessage[]) => list.reduce((latest, message) => (message.created_at > latest ? message.created_at : latest), '');
  return [...threads.entries()]
    .map(([threadId, list]) => {
      const ordered = [...list].sort((a, b) => b.created_at.localeCompare(a.created_at));
      const first = ordered[ordered.length - 1]!;
      return { threadId, subject: first.subject ?? '', messages: ordered };
    })
    .sort((a, b) => newest(b.messages).localeCompare(newest(a.messages)));
}

/** "Name <address>" or the address alone. */
export const sender = (message: Pick<ConversationMessage, 'from_name' | 'from_email'>) => (message.from_name ? `${message.from_name} <${message.from_email ?? ''}>` : (message.from_email ?? ''));
