import { Alert, Button, Spin } from '@steward/libs/antd';
import { Form } from '@steward/libs/antd-data';
import { visibleFields } from './fieldSchema';
import { FieldInput } from './FieldInput';
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
      <Form layout="vertical" component="div">
        {visibleFields(editor.fields).map((field) => {
          const id = `${idPrefix}-${field.name}`;
          const error = editor.errors[field.name];
          return (
            <Form.Item key={field.name} label={field.label} htmlFor={id} required={Boolean(field.required) && !field.readOnly} validateStatus={error ? 'error' : undefined} help={error}>
              <FieldInput
                id={id}
                field={field}
                value={editor.values[field.name] ?? ''}
                onChange={(value) => editor.setValue(field.name, value)}
                onUpload={(file) => void editor.upload(field.name, file)}
                uploading={editor.uploading.includes(field.name)}
                disabled={field.readOnly || editor.busy}
                invalid={Boolean(error)}
              />
            </Form.Item>
          );
        })}
      </Form>
    </Spin>
  );
}
