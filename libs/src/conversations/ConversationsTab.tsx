import { useEffect, useRef, useState } from 'react';
import DOMPurify from 'dompurify';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Tag, Typography } from '@steward/libs/ui/antd';
import { errorMessage } from '@steward/libs/data';
import { formatDate, openDownload, useDialog } from '@steward/libs/ui/core';
import { formatDateTime } from '@steward/libs/i18n';
import { Composer } from './Composer';
import { attachmentUrl, conversationKeys, fetchRecordMessages, olderPage, type ConversationMessage, type MessageRecord, type OlderThan } from './conversationsApi';
import { STATUS_LABEL, groupByThread, sender } from './conversationWords';
import './conversations.css';
import { later } from '@steward/libs/messages';

const { useT } = later;

const when = (message: ConversationMessage) => {
  const at = message.sent_at ?? message.created_at;
  return `${formatDate(at)} ${formatDateTime(at, { hour: '2-digit', minute: '2-digit' })}`;
};

/** One message: who to whom, when, its status (a failure with the server's reason), body and attachments. */
export function MessageItem({ message, onReply, onDownloadError }: { message: ConversationMessage; onReply?: (message: ConversationMessage) => void; onDownloadError: (text: string) => void }) {
  const t = useT();
  const html = message.body_html ? DOMPurify.sanitize(message.body_html, { FORBID_TAGS: ['style', 'form', 'input', 'img'] }) : null;
  const download = async (path: string, name: string, bucket?: string | null) => {
    try {
      openDownload(await attachmentUrl(path, name, bucket ?? undefined));
    } catch (error) {
      onDownloadError(errorMessage(error, t('conversations.downloadFailed')));
    }
  };
  return (
    // Focusable by script only: the first of the older messages takes the focus once they are shown.
    <article className="stw-message" data-message-id={message.id} tabIndex={-1} aria-label={t(message.direction === 'in' ? 'conversations.receivedMessage' : 'conversations.sentMessage', { subject: message.subject ?? '' })}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center">
          {/* One word for where the message stands: Received, or Queued, Sent or Failed. */}
          <Tag>{t(STATUS_LABEL[message.direction === 'in' ? 'received' : message.status])}</Tag>
          <Typography.Text strong>{message.subject}</Typography.Text>
        </Flex>
        <Typography.Text type="secondary">{when(message)}</Typography.Text>
      </Flex>
      <dl className="stw-message__people">
        <dt>{t('conversations.from')}</dt>
        <dd>
          {sender(message)}
          {message.sent_by_name ? ' ' : ''}
          {message.sent_by_name ? t('conversations.sentBy', { name: message.sent_by_name }) : ''}
        </dd>
        <dt>{t('conversations.to')}</dt>
        <dd>{(message.to_emails ?? []).join(', ')}</dd>
        {(message.cc_emails ?? []).length ? (
          <>
            <dt>{t('conversations.cc')}</dt>
            <dd>{(message.cc_emails ?? []).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {message.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={t('conversations.notSent', { reason: message.error ?? t('conversations.serverRefused') })}
          description={message.retry_at ? t('conversations.retryAt', { time: formatDateTime(message.retry_at, { hour: '2-digit', minute: '2-digit' }) }) : undefined}
        />
      ) : null}
      {/* Sanitised by DOMPurify before it is shown: received mail is anyone's HTML. */}
      {html ? <div className="stw-message-html" dangerouslySetInnerHTML={{ __html: html }} /> : <div className="stw-message__text">{message.body_text}</div>}
      {(message.attachments ?? []).length ? (
        <Flex gap={8} wrap align="center">
          <Typography.Text type="secondary">{t('conversations.attachmentsColon')}</Typography.Text>
          {(message.attachments ?? []).map((file) => (
            <Button key={file.id} size="small" aria-label={t('conversations.download', { name: file.file_name })} onClick={() => void download(file.storage_path, file.file_name, file.bucket_id)}>
              {file.file_name}
            </Button>
          ))}
        </Flex>
      ) : null}
      {onReply ? (
        <Flex>
          <Button size="small" onClick={() => onReply(message)} aria-label={t('conversations.replyTo', { subject: message.subject ?? t('conversations.thisMessage') })}>
            {t('conversations.reply')}
          </Button>
        </Flex>
      ) : null}
    </article>
  );
}

const QUEUED_REFRESH_MS = 3_000;

/**
 * A record's Conversations tab: the messages on it (crm.record_messages), grouped by thread with the
 * newest first; each with its direction, people, status and attachments; a reply from any of them.
 * It reads the newest 50; "Show older messages" reads the 50 before the last one shown (keyset on
 * created_at and id), adds them below, and puts the focus on the first of them.
 */
export function ConversationsTab({ record, filesOwner = null, canSend }: { record: MessageRecord; filesOwner?: { column: string; id: string } | null; canSend: boolean }) {
  const t = useT();
  const messages = useInfiniteQuery({
    queryKey: conversationKeys.record(record.kind, record.id),
    queryFn: ({ pageParam }) => fetchRecordMessages(record.kind, record.id, pageParam),
    initialPageParam: null as OlderThan | null,
    getNextPageParam: (page) => olderPage(page),
    // A queued message's status comes back from the outbox: read again while one is waiting.
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.some((message) => message.status === 'queued')) ? QUEUED_REFRESH_MS : false),
  });
  const list = useRef<HTMLDivElement>(null);
  // The message to put the focus on once it is shown: the first of the older ones just read.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (!focusId) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-message-id="${focusId}"]`);
    if (item) {
      item.focus();
      setFocusId(null);
    }
  }, [focusId, messages.data]);
  const dialog = useDialog();
  const [replyTo, setReplyTo] = useState<ConversationMessage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reply = (message: ConversationMessage) => {
    setReplyTo(message);
    dialog.show();
  };
  if (messages.isLoading) return <Typography.Text>{t('list.loading')}</Typography.Text>;
  if (messages.error && !messages.data) return <Alert type="error" showIcon title={errorMessage(messages.error, t('conversations.couldNotRead'))} />;
  const threads = groupByThread(messages.data?.pages.flat() ?? []);
  const showOlder = async () => {
    const result = await messages.fetchNextPage();
    const pages = result.data?.pages ?? [];
    // None older after all (the last page was exactly full): the focus goes to the oldest one shown.
    const first = pages.at(-1)?.[0] ?? pages.flat().at(-1);
    if (first) setFocusId(first.id);
  };
  return (
    <Flex vertical gap={12} ref={list}>
      {problem ? <Alert type="error" showIcon title={problem} closable={{ onClose: () => setProblem(null) }} /> : null}
      {threads.length === 0 ? <Typography.Text type="secondary">{t('conversations.none')}</Typography.Text> : null}
      {threads.map((thread) => (
        <section key={thread.threadId} className="stw-thread" aria-label={t('conversations.thread', { subject: thread.subject })}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {thread.subject || t('conversations.noSubject')}
            {thread.messages.length > 1 ? <Typography.Text type="secondary"> · {t('conversations.messageCount', { count: thread.messages.length })}</Typography.Text> : null}
          </Typography.Title>
          {thread.messages.map((message) => (
            <MessageItem key={message.id} message={message} onReply={canSend ? reply : undefined} onDownloadError={setProblem} />
          ))}
        </section>
      ))}
      {messages.hasNextPage ? (
        <Flex>
          <Button onClick={() => void showOlder()} loading={messages.isFetchingNextPage}>
            {t('conversations.showOlder')}
          </Button>
        </Flex>
      ) : null}
      {messages.isFetchNextPageError ? <Alert type="error" showIcon title={errorMessage(messages.error, t('conversations.olderCouldNotRead'))} /> : null}
      {dialog.open ? <Composer dialog={dialog} record={record} filesOwner={filesOwner} replyTo={replyTo} /> : null}
    </Flex>
  );
}

/** "Send e-mail" on a record: opens the composer to the record's address. */
export function SendEmailButton({ record, filesOwner = null }: { record: MessageRecord; filesOwner?: { column: string; id: string } | null }) {
  const t = useT();
  const dialog = useDialog();
  return (
    <>
      <Button onClick={dialog.show}>{t('conversations.sendEmail')}</Button>
      {dialog.open ? <Composer dialog={dialog} record={record} filesOwner={filesOwner} /> : null}
    </>
  );
}
