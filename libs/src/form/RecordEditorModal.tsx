import { useState, type ReactNode } from 'react';
import { Button } from '@steward/libs/ui/antd';
import { Modal } from '@steward/libs/ui/antd-data';
import { useOpenedOnce } from '@steward/libs/ui';
import { RecordEditorForm } from './RecordEditorForm';
import { RecordHistory } from './history/RecordHistory';
import type { RecordEditorApi } from './useRecordEditor';
import { useCustomFields } from './customFields';
import { useT } from '@steward/libs/messages';

/**
 * 'New {label}' / 'Edit {label}' with Cancel and Save ('Saving…' while busy). Editing a saved row
 * offers its History: who changed what, read when asked. `lead` draws above the fields (a stay's status
 * and price); `savedExtra` draws more about a saved row under them (e.g. its open tasks).
 */
export function RecordEditorModal({ editor, lead, savedExtra, width }: { editor: RecordEditorApi; lead?: ReactNode; savedExtra?: (recordId: string) => ReactNode; width?: number }) {
  const t = useT();
  const { children, ...saveButtonProps } = editor.saveButtonProps;
  const opened = useOpenedOnce(Boolean(editor.modalProps.open));
  const [historyFor, setHistoryFor] = useState<string | null>(null);
  const { definitions: customFields } = useCustomFields(editor.customKind);
  if (!opened) return null;
  const recordId = editor.mode === 'edit' ? editor.id : null;
  const showingHistory = recordId !== null && historyFor === recordId;
  return (
    <Modal
      {...editor.modalProps}
      width={width}
      footer={[
        recordId ? (
          <Button key="history" aria-expanded={showingHistory} onClick={() => setHistoryFor(showingHistory ? null : recordId)} style={{ float: 'left' }}>
            {t('detail.history')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={editor.close} disabled={editor.busy}>
          {editor.viewOnly ? t('common.close') : t('common.cancel')}
        </Button>,
        editor.viewOnly ? null : (
          <Button key="save" {...saveButtonProps}>
            {children}
          </Button>
        ),
      ]}
    >
      {lead}
      <RecordEditorForm editor={editor} idPrefix="record-editor" />
      {recordId && savedExtra ? savedExtra(recordId) : null}
      {showingHistory ? <RecordHistory table={editor.table} recordId={recordId} fields={editor.fields} customFields={customFields} label={t('form.historyOf', { label: editor.label.toLowerCase() })} /> : null}
    </Modal>
  );
}
