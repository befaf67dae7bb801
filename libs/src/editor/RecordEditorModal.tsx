import { Button } from '@steward/libs/antd';
import { Modal } from '@steward/libs/antd-data';
import { useOpenedOnce } from '@steward/libs/ui';
import { RecordEditorForm } from './RecordEditorForm';
import type { RecordEditorApi } from './useRecordEditor';

/** 'New {label}' / 'Edit {label}' with Cancel and Save ('Saving…' while busy). */
export function RecordEditorModal({ editor }: { editor: RecordEditorApi }) {
  const { children, ...saveButtonProps } = editor.saveButtonProps;
  const opened = useOpenedOnce(Boolean(editor.modalProps.open));
  if (!opened) return null;
  return (
    <Modal
      {...editor.modalProps}
      footer={[
        <Button key="cancel" onClick={editor.close} disabled={editor.busy}>
          Cancel
        </Button>,
        <Button key="save" {...saveButtonProps}>
          {children}
        </Button>,
      ]}
    >
      <RecordEditorForm editor={editor} idPrefix="record-editor" />
    </Modal>
  );
}
