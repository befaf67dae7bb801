import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { FormDialog, Select } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { contactShortId, searchRecords } from './inboxApi';
import { attachMessage, conversationKeys, createContactFromMessage, fetchInbox, MessageItem, type ConversationMessage, type MessageRecordKind } from '@steward/libs/conversations';
import { useNavigate } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { usePageTitle } from '@steward/libs/shell';
import { PageFrame, notify, useDialog, useSubmit } from '@steward/libs/ui';
import { later, type CrmMessageId } from '../i18n';

const { useT } = later;

const KINDS: { value: Extract<MessageRecordKind, 'contact' | 'business' | 'household'>; label: CrmMessageId; table: string }[] = [
  { value: 'contact', label: 'entity.contact', table: 'contacts' },
  { value: 'business', label: 'entity.business', table: 'businesses' },
  { value: 'household', label: 'entity.household', table: 'households' },
];

/** The dialog of "Attach to record": a kind, then a record of it found by name. */
function AttachDialog({ message, dialog }: { message: ConversationMessage; dialog: ReturnType<typeof useDialog> }) {
  const t = useT();
  const { orgName } = useSession();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<(typeof KINDS)[number]['value']>('contact');
  const [words, setWords] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const table = KINDS.find((item) => item.value === kind)!.table;
  const found = useQuery({ queryKey: [...queryKeys.schema('crm'), table, 'attach-search', words], queryFn: () => searchRecords(table, orgName, words) });
  const attach = () => {
    if (!chosen) {
      dialog.setAlert(t('inbox.chooseRecord'));
      return;
    }
    void dialog.submit(async () => {
      await attachMessage(message.id, kind, chosen);
      await queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
      notify.success(t('inbox.attached'));
    });
  };
  return (
    <FormDialog title={t('inbox.attachTitle', { subject: message.subject ?? '' })} busy={dialog.busy} alert={dialog.alert} onClose={() => void dialog.close()} onSave={attach} saveLabel={t('inbox.attach')} busyLabel={t('inbox.attaching')}>
      <Flex vertical gap={8}>
        <label htmlFor="attach-kind">{t('inbox.kind')}</label>
        <Select
          id="attach-kind"
          value={kind}
          onChange={(value: typeof kind) => {
            setKind(value);
            setChosen(null);
          }}
          options={KINDS.map((item) => ({ value: item.value, label: t(item.label) }))}
        />
        <label htmlFor="attach-record">{t('inbox.record')}</label>
        <Select
          id="attach-record"
          showSearch={{ filterOption: false, onSearch: setWords }}
          value={chosen}
          onChange={(value: string) => {
            setChosen(value);
            dialog.setAlert(null);
          }}
          loading={found.isFetching}
          notFoundContent={found.isFetching ? t('inbox.searching') : t('inbox.nothingFound')}
          placeholder={<Typography.Text type="secondary">{t('inbox.typeName')}</Typography.Text>}
          options={(found.data ?? []).map((row) => ({ value: row.id, label: row.name }))}
        />
      </Flex>
    </FormDialog>
  );
}

/** /inbox — received mail that matched no record: attach it to one, or make a contact of its sender. */
export function InboxPage() {
  const t = useT();
  usePageTitle(t('inbox.title'));
  const inbox = useQuery({ queryKey: conversationKeys.inbox(), queryFn: fetchInbox });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dialog = useDialog();
  const [attaching, setAttaching] = useState<ConversationMessage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const creating = useSubmit({ describe: (error) => errorMessage(error, t('inbox.contactNotCreated')) });
  const createContact = async (message: ConversationMessage) => {
    const outcome = await creating.run(() => createContactFromMessage(message.id));
    if (!outcome.ok) return;
    await queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
    const shortId = await contactShortId(outcome.value);
    notify.success(t('inbox.created', { name: message.from_name || message.from_email || t('inbox.theSender') }));
    if (shortId) navigate(`/contact/${shortId}`);
  };
  const messages = inbox.data ?? [];
  return (
    <PageFrame title={t('inbox.title')}>
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('inbox.intro')}
        </Typography.Paragraph>
        {creating.alert ? <Alert type="error" showIcon title={creating.alert} /> : null}
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {inbox.isLoading ? <Typography.Text>{t('common.loading')}</Typography.Text> : null}
        {inbox.error ? <Alert type="error" showIcon title={errorMessage(inbox.error, t('inbox.readFailed'))} /> : null}
        {!inbox.isLoading && !inbox.error && messages.length === 0 ? <Typography.Text type="secondary">{t('inbox.empty')}</Typography.Text> : null}
        {messages.map((message) => (
          <Flex key={message.id} vertical gap={4}>
            <MessageItem message={message} onDownloadError={setProblem} />
            <Flex gap={8} wrap>
              <Button
                onClick={() => {
                  setAttaching(message);
                  dialog.show();
                }}
                aria-label={t('inbox.attachLabel', { subject: message.subject ?? '' })}
              >
                {t('inbox.attachButton')}
              </Button>
              <Button onClick={() => void createContact(message)} loading={creating.busy} aria-label={t('inbox.createLabel', { sender: message.from_email ?? t('inbox.theSender') })}>
                {t('inbox.createButton')}
              </Button>
            </Flex>
          </Flex>
        ))}
        {dialog.open && attaching ? <AttachDialog message={attaching} dialog={dialog} /> : null}
      </Flex>
    </PageFrame>
  );
}
