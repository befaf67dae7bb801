import { Alert, Button, Flex, Spin } from '@steward/libs/antd';
import { Card, Form } from '@steward/libs/antd-data';
import { FieldInput, SYSTEM_DEFAULT_READ_ONLY_MESSAGE, fieldTypeOf, type RecordEditorApi } from '@steward/libs/editor';
import type { FieldSection } from './fieldSections';
import './sectionedEditor.css';

const WIDE_TYPES = new Set(['textarea', 'upload', 'json']);

/**
 * The detail page's inline editor laid out for reading: the record's fields in titled sections,
 * two columns on wide screens and one on a phone; long texts and uploads take the whole row. The
 * behaviour (only changed fields sent, per-field messages, conflict reload) is the libs editor's.
 */
export function SectionedEditor({ editor, sections }: { editor: RecordEditorApi; sections: readonly FieldSection[] }) {
  if (!editor.open) return null;
  const { children, ...saveButtonProps } = editor.saveButtonProps;
  return (
    <Card size="small" title={editor.title}>
      {editor.readOnlyRecord ? (
        <Alert type="info" showIcon title={SYSTEM_DEFAULT_READ_ONLY_MESSAGE} />
      ) : (
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
            {sections.map((section) => (
              <fieldset key={section.title} className="crm-editor-section">
                <legend>{section.title}</legend>
                <div className="crm-editor-grid">
                  {section.fields
                    .filter((field) => !field.hidden)
                    .map((field) => {
                      const id = `inline-editor-${field.name}`;
                      const error = editor.errors[field.name];
                      return (
                        <Form.Item
                          key={field.name}
                          className={WIDE_TYPES.has(fieldTypeOf(field)) ? 'crm-editor-wide' : undefined}
                          label={field.label}
                          htmlFor={id}
                          required={Boolean(field.required) && !field.readOnly}
                          validateStatus={error ? 'error' : undefined}
                          help={error}
                        >
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
                </div>
              </fieldset>
            ))}
          </Form>
        </Spin>
      )}
      <Flex gap={8} justify="flex-end">
        <Button onClick={editor.close} disabled={editor.busy}>
          Cancel
        </Button>
        <Button {...saveButtonProps}>{children}</Button>
      </Flex>
    </Card>
  );
}
