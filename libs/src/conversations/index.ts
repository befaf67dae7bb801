// Conversations (issue 49): write to people from their records, keep every message on them, the inbox.
export { Composer, type BulkRecipients, type ComposerProps } from './Composer';
export { ConversationsTab, MessageItem, SendEmailButton } from './ConversationsTab';
export { MergeFieldMenu } from './MergeFieldMenu';
export { BulkSendButton } from './BulkSendButton';
export { bulkOutcomeText, groupByThread, replySubject } from './conversationWords';
export {
  attachMessage,
  conversationKeys,
  createContactFromMessage,
  fetchInboundAddress,
  fetchInbox,
  fetchMailSettings,
  fetchTemplates,
  isEmailAddress,
  type ConversationMessage,
  type MailSettings,
  type MailTemplate,
  type MessageRecord,
  type MessageRecordKind,
} from './conversationsApi';
