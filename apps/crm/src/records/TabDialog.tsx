import type { ReactNode } from 'react';
import { Alert, Button, Flex } from '@steward/libs/ui/antd';
import { Modal } from '@steward/libs/ui/antd-data';
import { errorMessage } from '@steward/libs/data';
import { SAVE_FAILED_MESSAGE } from '@steward/libs/form';
import { useSubmit } from '@steward/libs/ui';

const saveFailed = (problem: unknown) => errorMessage(problem, SAVE_FAILED_MESSAGE);

/**
 * A tab dialog's save, the platform's one submit (useSubmit): busy while it runs, once, closes when it
 * succeeds, and keeps the dialog open with what went wrong when it is refused (everything typed stays).
 */
export function useTabSave(onClose: () => void) {
  return useSubmit({ describe: saveFailed, onDone: onClose });
}

/**
 * The small dialog of a record's tab (a phone, an address, a relationship, a transaction): its fields,
 * the refusal above them, Cancel and Save ('Saving…' while busy); it does not close while saving.
 */
export function TabDialog({ title, busy, alert, onClose, onSave, children }: { title: string; busy: boolean; alert: string | null; onClose: () => void; onSave: () => void; children: ReactNode }) {
  return (
    <Modal
      open
      title={title}
      onCancel={busy ? undefined : onClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="primary" loading={busy} onClick={onSave}>
            {busy ? 'Saving…' : 'Save'}
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
