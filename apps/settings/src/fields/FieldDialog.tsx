import { useLayoutEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Form, Input, Modal } from '@steward/libs/ui/antd-data';
import { CUSTOM_FIELD_TYPES, LINK_KINDS, RECORD_KINDS, customValueText, errorMessage, type CustomChoice, type CustomFieldDef, type RecordKind } from '@steward/libs/data';
import { FieldInput, FieldsForm, customFieldDef, fromFormValue, toFormValue, useFieldForm, type FieldDef, type FormValue } from '@steward/libs/form';
import { useT, type SettingsT } from '../i18n';
import { FIELD_MESSAGES, typeLabel, fieldFormSchema, isChoiceType, newChoice, previewTypeChange, type FieldFormValues } from './fieldsApi';

export type FieldDialogSave = { values: FieldFormValues; typeChanged: boolean };

type FieldDialogProps = {
  open: boolean;
  kind: RecordKind;
  /** The field being edited, or null to add one. */
  editing: CustomFieldDef | null;
  saving: boolean;
  /** The database's refusal of the last save, shown as it is. */
  saveError: string | null;
  onCancel: () => void;
  onSave: (save: FieldDialogSave) => void;
};

const formFields = (t: SettingsT): readonly FieldDef[] => [
  { name: 'label', label: t('fields.column.label'), required: { message: t(FIELD_MESSAGES.labelRequired) } },
  { name: 'field_type', label: t('fields.column.type'), type: 'choice', options: CUSTOM_FIELD_TYPES.map((type) => ({ value: type.type, label: type.label })) },
  { name: 'link_kind', label: t('fields.linksTo'), type: 'choice', options: [{ value: '', label: '—' }, ...LINK_KINDS.map((kind) => ({ value: kind.kind, label: kind.label }))] },
  { name: 'help_text', label: t('fields.helpText'), type: 'textarea', help: t('fields.helpTextHelp') },
  { name: 'required', label: t('fields.column.required'), type: 'checkbox' },
  { name: 'sensitive', label: t('fields.column.sensitive'), type: 'checkbox' },
];

/** The area whose edit right shows a sensitive field's values. */
const areaOf = (t: SettingsT, kind: RecordKind) =>
  ['contact', 'business', 'household'].includes(kind)
    ? t('fields.area.crm')
    : ['project', 'task'].includes(kind)
      ? t('fields.area.operations')
      : kind === 'staff'
        ? t('fields.area.teamPortal')
        : kind === 'reservation' || kind === 'accommodation'
          ? t('fields.area.lodging')
          : t('fields.area.catalog');

/**
 * Add or edit one field: label, type (a link says what it links to), help text, required, sensitive,
 * the default, and a choice field's choices. Changing the type of a field in use shows first which
 * stored values would not convert, as the database reports them.
 */
export function FieldDialog({ open, kind, editing, saving, saveError, onCancel, onSave }: FieldDialogProps) {
  const t = useT();
  const allFields = useMemo(() => formFields(t), [t]);
  const form = useFieldForm(allFields);
  const { reset, validate, setError, stateRef } = form;
  const [choices, setChoices] = useState<CustomChoice[]>([]);
  const [defaultValue, setDefaultValue] = useState<FormValue>('');
  const [choicesError, setChoicesError] = useState<string | null>(null);

  useLayoutEffect(() => {
    if (!open) return;
    reset(
      editing
        ? { label: editing.label, field_type: editing.field_type, link_kind: editing.link_kind ?? '', help_text: editing.help_text ?? '', required: String(editing.required), sensitive: String(editing.sensitive) }
        : { field_type: 'short_text', link_kind: '', required: 'false', sensitive: 'false' },
    );
    setChoices(editing ? editing.choices : []);
    setChoicesError(null);
    setDefaultValue(editing ? toFormValue(customFieldDef(editing), editing.default_value) : '');
  }, [open, editing, reset]);

  const type = (form.values.field_type || 'short_text') as CustomFieldDef['field_type'];
  const fields = useMemo(
    () => allFields.filter((field) => field.name !== 'link_kind' || type === 'link').map((field) => (field.name === 'sensitive' ? { ...field, help: t('fields.sensitiveHelp', { area: areaOf(t, kind) }) } : field)),
    [allFields, t, type, kind],
  );
  // The default is entered with the control the field itself will have.
  const defaultDef = useMemo(
    () => customFieldDef({ id: 'default', org_name: '', record_kind: kind, label: t('fields.defaultValue'), help_text: null, field_type: type, link_kind: (form.values.link_kind || null) as CustomFieldDef['link_kind'], required: false, default_value: null, position: 0, archive: false, sensitive: false, choices: choices.filter((choice) => !choice.archived) }),
    [t, kind, type, form.values.link_kind, choices],
  );
  const typeChanged = editing !== null && editing.field_type !== type;
  const preview = useQuery({
    queryKey: ['steward', 'settings', 'custom_fields', 'preview', editing?.id, type],
    queryFn: () => previewTypeChange(editing?.id ?? '', type),
    enabled: open && typeChanged,
    staleTime: 0,
  });

  const submit = () => {
    if (!validate()) return;
    const values = stateRef.current.values;
    let stored: unknown = null;
    try {
      stored = fromFormValue(defaultDef, defaultValue);
    } catch (error) {
      setError('label', errorMessage(error, t('fields.defaultUnreadable')));
      return;
    }
    const parsed = fieldFormSchema.safeParse({
      label: values.label ?? '',
      field_type: type,
      link_kind: values.link_kind ? values.link_kind : null,
      help_text: typeof values.help_text === 'string' ? values.help_text : null,
      required: values.required === 'true',
      sensitive: values.sensitive === 'true',
      default_value: stored,
      choices,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path === 'choices') setChoicesError(issue.message);
        else setError(path, issue.message);
      }
      return;
    }
    setChoicesError(null);
    onSave({ values: parsed.data, typeChanged });
  };

  const kindLabel = RECORD_KINDS.find((entry) => entry.kind === kind)?.one ?? kind;
  return (
    <Modal
      open={open}
      title={editing ? t('fields.editTitle', { label: editing.label }) : t('fields.addTitle', { kind: kindLabel })}
      onCancel={onCancel}
      onOk={submit}
      okText={saving ? t('common.saving') : typeChanged ? t('fields.changeTypeAndSave') : t('common.save')}
      okButtonProps={{ loading: saving, disabled: typeChanged && (preview.isLoading || Boolean(preview.error)) }}
      mask={{ closable: !saving }}
      keyboard={!saving}
      destroyOnHidden
      width={640}
    >
      {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 12 }} /> : null}
      {form.banner ? <Alert type="error" showIcon title={form.banner} style={{ marginBottom: 12 }} /> : null}
      <FieldsForm form={{ ...form, fields }} idPrefix="custom-field" />
      {typeChanged ? <TypeChangePreview from={editing.field_type} to={type} field={editing} preview={preview} /> : null}
      {isChoiceType(type) ? <ChoicesEditor choices={choices} onChange={setChoices} error={choicesError} /> : null}
      <Form layout="vertical" component="div">
        <Form.Item label={t('fields.defaultValue')} htmlFor="custom-field-default" extra={t('fields.defaultHelp')}>
          <FieldInput id="custom-field-default" field={defaultDef} value={defaultValue} onChange={setDefaultValue} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TypeChangePreview({ from, to, field, preview }: { from: CustomFieldDef['field_type']; to: CustomFieldDef['field_type']; field: CustomFieldDef; preview: ReturnType<typeof useQuery<Awaited<ReturnType<typeof previewTypeChange>>>> }) {
  const t = useT();
  const types = { from: typeLabel(from), to: typeLabel(to) };
  if (preview.isLoading) return <Alert type="info" showIcon title={t('fields.preview.checking', types)} style={{ marginBottom: 12 }} />;
  if (preview.error) return <Alert type="error" showIcon title={t('fields.preview.failed', { ...types, message: errorMessage(preview.error, t('fields.preview.couldNotCheck')) })} style={{ marginBottom: 12 }} />;
  const result = preview.data;
  if (!result || result.count === 0) return <Alert type="success" showIcon title={t('fields.preview.allConvert', types)} style={{ marginBottom: 12 }} />;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('fields.preview.someFail', { ...types, count: result.count })}
      description={
        <ul aria-label={t('fields.preview.list')} style={{ margin: 0, paddingLeft: 18 }}>
          {result.values.slice(0, 20).map((value) => (
            <li key={value.record_id}>
              {value.record_name ?? value.record_id}: {customValueText(field, value.value) || String(value.value)}
            </li>
          ))}
          {result.count > 20 ? <li>{t('fields.preview.more', { count: result.count - 20 })}</li> : null}
        </ul>
      }
    />
  );
}

/**
 * A choice field's choices, in display order: rename, move, archive or restore each, add more. Each
 * keeps its id, so stored values follow a renamed or moved choice, and an archived one still reads.
 */
export function ChoicesEditor({ choices, onChange, error }: { choices: readonly CustomChoice[]; onChange: (choices: CustomChoice[]) => void; error: string | null }) {
  const t = useT();
  const update = (index: number, patch: Partial<CustomChoice>) => onChange(choices.map((choice, i) => (i === index ? { ...choice, ...patch } : choice)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...choices];
    const target = index + by;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target] as CustomChoice, next[index] as CustomChoice];
    onChange(next);
  };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
      <legend style={{ fontWeight: 600, fontSize: 14 }}>{t('fields.choices')}</legend>
      {error ? <Typography.Text type="danger" role="alert">{error}</Typography.Text> : null}
      <Flex vertical gap={6}>
        {choices.map((choice, index) => {
          const name = choice.label || t('fields.choiceN', { number: index + 1 });
          return (
            <Flex key={choice.id} gap={6} align="center">
              <Input
                aria-label={t('fields.choiceLabel', { number: index + 1 })}
                value={choice.label}
                disabled={choice.archived}
                onChange={(event) => update(index, { label: event.target.value })}
                style={{ flex: 1 }}
              />
              {choice.archived ? <Typography.Text type="secondary">{t('fields.archivedChoice')}</Typography.Text> : null}
              <Button size="small" aria-label={t('fields.moveChoiceUp', { name })} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </Button>
              <Button size="small" aria-label={t('fields.moveChoiceDown', { name })} disabled={index === choices.length - 1} onClick={() => move(index, 1)}>
                ↓
              </Button>
              <Button size="small" onClick={() => update(index, { archived: !choice.archived })} aria-label={choice.archived ? t('fields.restoreNamed', { label: name }) : t('fields.archiveNamed', { label: name })}>
                {choice.archived ? t('fields.restore') : t('fields.archive')}
              </Button>
            </Flex>
          );
        })}
        <div>
          <Button onClick={() => onChange([...choices, newChoice()])}>{t('fields.addChoice')}</Button>
        </div>
      </Flex>
    </fieldset>
  );
}
