import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Divider, Flex, Typography } from '@steward/libs/ui/antd';
import { queryKeys } from '@steward/libs/data';
import { RecordEditorModal, type RecordEditorApi } from '@steward/libs/form';
import { OpenTasks } from '@steward/libs/list';
import { Link } from '@steward/libs/router';
import { QuotePanel } from '../desk/QuotePanel';
import { StayActions } from '../desk/StayActions';
import { StayMoney } from '../desk/StayMoney';
import { DAY_TIME, STAY_STATUSES, statusLabel, type StayStatus } from '../desk/deskApi';
import { formatDateTime, withWords } from '@steward/libs/i18n';
import { useT } from '../i18n';

import { fetchGuest } from './guestApi';
import { later as libsLater } from '@steward/libs/messages';

// The composer and the stay's messages load when a saved stay is opened: their code and libs' words
// for them at once.
const loadConversations = () => withWords(import('@steward/libs/conversations'), libsLater);
const ConversationsTab = lazy(() => loadConversations().then((module) => ({ default: module.ConversationsTab })));
const SendEmailButton = lazy(() => loadConversations().then((module) => ({ default: module.SendEmailButton })));

const isStatus = (value: unknown): value is StayStatus => (STAY_STATUSES as readonly unknown[]).includes(value);

/**
 * The timeline's booking form: the generic record editor's fields with the stay's live price above them
 * (from the rates, as dates and guests change), and for a saved stay its one-click status moves, its
 * payments and balance, its folio and its open tasks. Saving stores the quote's amounts (the database prices the stay
 * again on save, unless the price is marked manual).
 */
export function BookingModal({ editor }: { editor: RecordEditorApi }) {
  const t = useT();
  const id = editor.mode === 'edit' ? editor.id : null;
  const savedStatus = editor.original?.status;
  const name = typeof editor.original?.name === 'string' ? editor.original.name : t('form.stay');
  const lead = (
    <>
      {id && isStatus(savedStatus) ? (
        <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Text>
            {t('form.statusLabel')} <strong data-testid="stay-status">{statusLabel(savedStatus)}</strong>
          </Typography.Text>
          {editor.viewOnly ? null : <StayActions id={id} status={savedStatus} name={name} row={editor.original} onDone={() => editor.openEdit(id)} />}
          <Link to={`/folio/${id}`} className="stw-no-print">
            {t('form.printFolio')}
          </Link>
          {typeof editor.original?.confirmation_sent_at === 'string' ? (
            <Typography.Text type="secondary" data-testid="confirmation-sent">
              {t('form.confirmationSent', { email: String(editor.original.confirmation_sent_to ?? ''), when: formatDateTime(editor.original.confirmation_sent_at, DAY_TIME) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      <QuotePanel values={editor.values} />
    </>
  );
  return (
    <RecordEditorModal
      editor={editor}
      width={720}
      lead={lead}
      savedExtra={(stayId) => (
        <>
          <Divider />
          <StayConversations id={stayId} contactId={typeof editor.original?.contact_id === 'string' ? editor.original.contact_id : null} name={name} canSend={!editor.viewOnly} />
          <Divider />
          <StayMoney reservationId={stayId} canRecord={editor.original !== null && !editor.viewOnly} />
          <Divider />
          <OpenTasks column="reservation_id" recordId={stayId} />
        </>
      )}
    />
  );
}

/**
 * A stay's conversations: mail to its guest (linked to the stay and to the guest's contact record by the
 * database) and the messages on the stay.
 */
function StayConversations({ id, contactId, name, canSend }: { id: string; contactId: string | null; name: string; canSend: boolean }) {
  const t = useT();
  const guest = useQuery({ queryKey: [...queryKeys.schema('crm'), 'contacts_view', 'guest', contactId], queryFn: () => fetchGuest(contactId!), enabled: Boolean(contactId) });
  const record = useMemo(() => ({ kind: 'reservation' as const, id, name: guest.data?.name || name, email: guest.data?.email ?? null }), [id, name, guest.data]);
  return (
    <section aria-labelledby="stay-conversations-heading">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} id="stay-conversations-heading" style={{ margin: 0 }}>
          {t('form.conversations')}
        </Typography.Title>
        {/* Once the guest is read: the composer starts with their address. */}
        {canSend && contactId && !guest.isLoading ? (
          <Suspense fallback={null}>
            <SendEmailButton record={record} filesOwner={{ column: 'contact_id', id: contactId }} />
          </Suspense>
        ) : null}
      </Flex>
      <Suspense fallback={null}>
        <ConversationsTab record={record} canSend={canSend} />
      </Suspense>
    </section>
  );
}
