import { useEffect, useRef } from 'react';
import { Alert, Button, Spin } from '@steward/libs/ui/antd';
import { FieldsForm } from './FieldsForm';
import type { RecordEditorApi } from './useRecordEditor';
import { useT } from '@steward/libs/messages';

/**
 * The record form: the fields (in the editor's sections, if it has them), per-field errors and banners;
 * the one form of the modal and the inline editor.
 */
export function RecordEditorForm({ editor, idPrefix = 'record' }: { editor: RecordEditorApi; idPrefix?: string }) {
  const t = useT();
  // A refused save is told above the fields, while the person is at the Save button below them (on a
  // phone a whole screen away): the message is brought into view when it appears.
  const saveErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editor.saveError) saveErrorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [editor.saveError]);
  if (editor.readOnlyRecord) return <Alert type="info" showIcon title={t('form.systemDefaultReadOnly')} />;
  return (
    <Spin spinning={editor.loading}>
      {editor.banner ? <Alert type="error" showIcon title={editor.banner} style={{ marginBottom: 12 }} /> : null}
      {editor.saveError ? (
        // Clear of the shell's sticky header when scrolled to.
        <div ref={saveErrorRef} style={{ scrollMarginTop: 96 }}>
          <Alert
            type="error"
            showIcon
            title={editor.saveError}
            style={{ marginBottom: 12 }}
            action={
              editor.conflict ? (
                <Button size="small" onClick={editor.reloadLatest}>
                  {t('form.reload')}
                </Button>
              ) : undefined
            }
          />
        </div>
      ) : null}
      <FieldsForm form={editor} sections={editor.sections} idPrefix={idPrefix} disabled={editor.busy || editor.viewOnly} onUpload={(name, file) => void editor.upload(name, file)} uploading={editor.uploading} />
    </Spin>
  );
}
