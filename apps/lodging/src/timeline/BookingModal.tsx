import { Button, Divider, Flex, Typography } from '@steward/libs/ui/antd';
import { Modal } from '@steward/libs/ui/antd-data';
import { RecordEditorForm, type RecordEditorApi } from '@steward/libs/form';
import { OpenTasks } from '@steward/libs/list';
import { Link } from '@steward/libs/router';
import { useOpenedOnce } from '@steward/libs/ui';
import { QuotePanel } from '../desk/QuotePanel';
import { StayActions } from '../desk/StayActions';
import { StayMoney } from '../desk/StayMoney';
import { STAY_STATUSES, type StayStatus } from '../desk/deskApi';

const isStatus = (value: unknown): value is StayStatus => (STAY_STATUSES as readonly unknown[]).includes(value);

/**
 * The timeline's booking form: the generic record editor's fields with the stay's live price above them
 * (from the rates, as dates and guests change), and for a saved stay its one-click status moves, its
 * payments and balance, its folio and its open tasks. Saving stores the quote's amounts (the database prices the stay
 * again on save, unless the price is marked manual).
 */
export function BookingModal({ editor }: { editor: RecordEditorApi }) {
  const { children, ...saveButtonProps } = editor.saveButtonProps;
  const opened = useOpenedOnce(Boolean(editor.modalProps.open));
  if (!opened) return null;
  const id = editor.mode === 'edit' ? editor.id : null;
  const savedStatus = editor.original?.status;
  const name = typeof editor.original?.name === 'string' ? editor.original.name : 'Stay';
  return (
    <Modal
      {...editor.modalProps}
      width={720}
      footer={[
        <Button key="cancel" onClick={editor.close} disabled={editor.busy}>
          {editor.viewOnly ? 'Close' : 'Cancel'}
        </Button>,
        editor.viewOnly ? null : (
          <Button key="save" {...saveButtonProps}>
            {children}
          </Button>
        ),
      ]}
    >
      {id && isStatus(savedStatus) ? (
        <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Text>
            Status: <strong data-testid="stay-status">{savedStatus}</strong>
          </Typography.Text>
          {editor.viewOnly ? null : <StayActions id={id} status={savedStatus} name={name} row={editor.original} onDone={() => editor.openEdit(id)} />}
          <Link to={`/folio/${id}`} className="stw-no-print">
            Print folio
          </Link>
          {typeof editor.original?.confirmation_sent_at === 'string' ? (
            <Typography.Text type="secondary" data-testid="confirmation-sent">
              Confirmation e-mailed to {String(editor.original.confirmation_sent_to ?? '')} on {new Date(editor.original.confirmation_sent_at).toLocaleString()}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
      <QuotePanel values={editor.values} />
      <RecordEditorForm editor={editor} idPrefix="record-editor" />
      {id ? (
        <>
          <Divider />
          <StayMoney reservationId={id} canRecord={editor.original !== null && !editor.viewOnly} />
          <Divider />
          <OpenTasks column="reservation_id" recordId={id} />
        </>
      ) : null}
    </Modal>
  );
}
