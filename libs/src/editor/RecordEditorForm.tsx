import { Alert, Button, Spin } from '@steward/libs/antd';
import { FieldsForm } from './FieldsForm';
import { SYSTEM_DEFAULT_READ_ONLY_MESSAGE } from './editorMessages';
import type { RecordEditorApi } from './useRecordEditor';

/** The fields, per-field errors and banners of an editor; shared by the modal and the inline editor. */
export function RecordEditorForm({ editor, idPrefix = 'record' }: { editor: RecordEditorApi; idPrefix?: string }) {
  if (editor.readOnlyRecord) return <Alert type="info" showIcon title={SYSTEM_DEFAULT_READ_ONLY_MESSAGE} />;
  return (
    <Spin spinning={editor.loading}>
      {editor.banner ? <Alert type="error" showIcon title={editor.banner} style={{ marginBottom: 12 }} /> : null}
      {editor.saveError ? (
        <Alert
          type="error"
          showIcon
          title={editor.saveError}
          style={{ marginBottom: 12 }}
          action={
            editor.conflict ? (
              <Button size="small" onClick={editor.reloadLatest}>
                Reload
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <FieldsForm form={editor} idPrefix={idPrefix} disabled={editor.busy || editor.viewOnly} onUpload={(name, file) => void editor.upload(name, file)} uploading={editor.uploading} />
    </Spin>
  );
}
