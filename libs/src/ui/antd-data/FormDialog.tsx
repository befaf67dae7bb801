import type { ReactNode } from 'react';
import { Alert, Button, Flex, Modal } from 'antd';
import { useT } from '@steward/libs/messages';

export interface FormDialogProps {
  title: string;
  /** While the save runs: the buttons say so, and the dialog does not close. */
  busy: boolean;
  /** What went wrong, above the fields; everything typed stays. */
  alert: string | null;
  onClose: () => void;
  onSave: () => void;
  /** 'Save' unless the action is named ('Erase for good'); `busyLabel` while it runs ('Saving…'). */
  saveLabel?: string;
  busyLabel?: string;
  /** A destructive action's button is red. */
  danger?: boolean;
  /** The action is not offered yet (a confirmation not typed). */
  saveDisabled?: boolean;
  width?: number | string;
  /** Buttons between Cancel and the action (the composer's Preview). */
  secondary?: ReactNode;
  children: ReactNode;
}

/**
 * The house's small form dialog: a title, the refusal above the fields, Cancel and the action. Escape
 * and the close button cancel unless the action is running. Used with useSubmit (busy, alert, close
 * on success) by the record tabs' dialogs, Erase and the composer.
 */
export function FormDialog({ title, busy, alert, onClose, onSave, saveLabel, busyLabel, danger, saveDisabled, width, secondary, children }: FormDialogProps) {
  const t = useT();
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          {secondary}
          <Button type="primary" danger={danger} disabled={saveDisabled} loading={busy} onClick={onSave}>
            {busy ? (busyLabel ?? t('form.saving')) : (saveLabel ?? t('form.save'))}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {alert ? <Alert type="error" showIcon title={alert} /> : null}
        {children}
      </Flex>
    </Modal>
  );
}
