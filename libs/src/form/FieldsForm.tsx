import type { ReactNode } from 'react';
import { Flex } from '@steward/libs/ui/antd';
import { Form } from '@steward/libs/ui/antd-data';
import { fieldTypeOf, visibleFields, type FieldDef, type FieldSection } from './fieldSchema';
import { FieldInput } from './FieldInput';
import type { FormValue, FormValues } from './fieldValues';
import type { FieldErrors } from './validateRecord';
import './fieldsForm.css';

export type FieldsFormProps = {
  form: { fields: readonly FieldDef[]; values: FormValues; errors: FieldErrors; setValue: (name: string, value: FormValue) => void };
  /** Prefix of each control's id (`{idPrefix}-{field}`), which its label points at. */
  idPrefix: string;
  disabled?: boolean;
  onUpload?: (name: string, file: File) => void;
  uploading?: readonly string[];
  /**
   * Makes it a real <form>: Enter in a field or a submit button inside it calls this (a page form
   * such as My Profile); without it the controls sit in a dialog whose footer saves.
   */
  onSubmit?: () => void;
  /** Its accessible name, when it is a real form. */
  name?: string;
  /** Controls of the form that are not fields of the record (Add New's address, a read-only e-mail). */
  before?: ReactNode;
  /** A control beside a field's own, by field name (a Generate button next to a URL). */
  beside?: Readonly<Partial<Record<string, ReactNode>>>;
  /**
   * The fields in titled sections (fieldsets, two columns from the phone breakpoint; long texts and
   * uploads take the whole row); without it, `form.fields` in one column.
   */
  sections?: readonly FieldSection[] | null;
  children?: ReactNode;
};

/** Long texts and uploads: a whole row of a sectioned form, and a control beside one goes above it. */
const WIDE_TYPES = new Set(['textarea', 'upload', 'json']);

/**
 * A form's fields, laid out by antd's Form: a label on each control, the required mark, and a
 * field's error under it. Values, rules and errors come from useFieldForm.
 */
export function FieldsForm({ form, idPrefix, disabled = false, onUpload, uploading = [], onSubmit, name, before, beside = {}, sections, children }: FieldsFormProps) {
  const formProps = onSubmit ? { name, onFinish: () => onSubmit(), style: { maxWidth: 640 } } : { component: 'div' as const };
  const item = (field: FieldDef, className?: string) => {
    const id = `${idPrefix}-${field.name}`;
    const error = form.errors[field.name];
    const input = (
      <FieldInput
        id={id}
        field={field}
        value={form.values[field.name] ?? ''}
        onChange={(value) => form.setValue(field.name, value)}
        onUpload={onUpload ? (file) => onUpload(field.name, file) : undefined}
        uploading={uploading.includes(field.name)}
        disabled={field.readOnly || disabled}
        invalid={Boolean(error)}
      />
    );
    const extra = beside[field.name];
    return (
      // A checkbox carries its own label beside it.
      <Form.Item
        key={field.name}
        className={className}
        label={fieldTypeOf(field) === 'checkbox' ? undefined : field.label}
        htmlFor={id}
        required={Boolean(field.required || field.requiredByDatabase) && !field.readOnly}
        validateStatus={error ? 'error' : undefined}
        help={error}
        extra={field.help}
      >
        {/* Beside a short input; above a long text, which keeps the whole row to be written in. */}
        {extra && WIDE_TYPES.has(fieldTypeOf(field)) ? (
          <Flex gap={8} vertical>
            <div>{extra}</div>
            {input}
          </Flex>
        ) : extra ? (
          <Flex gap={8}>
            {input}
            {extra}
          </Flex>
        ) : (
          input
        )}
      </Form.Item>
    );
  };
  return (
    <Form layout="vertical" {...formProps}>
      {before}
      {sections
        ? sections.map((section, index) =>
            // A section without a title is the form's own fields, drawn as a form without sections
            // draws them (a dialog's form with "More fields" after them).
            section.title === '' ? (
              <div key={`section-${index}`}>{visibleFields(section.fields).map((field) => item(field))}</div>
            ) : (
              <fieldset key={section.title} className="stw-form-section">
                <legend>{section.title}</legend>
                <div className="stw-form-grid">{visibleFields(section.fields).map((field) => item(field, WIDE_TYPES.has(fieldTypeOf(field)) ? 'stw-form-wide' : undefined))}</div>
              </fieldset>
            ),
          )
        : visibleFields(form.fields).map((field) => item(field))}
      {children}
    </Form>
  );
}
