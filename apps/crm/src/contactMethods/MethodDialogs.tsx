import { useMemo } from 'react';
import type { AnyRow } from '@steward/libs/data';
import { FieldsForm, useFieldForm, type FieldDef, type FormValues } from '@steward/libs/form';
import { FormDialog } from '@steward/libs/ui/antd-data';
import { useTabSave } from '../records/useTabSave';
import { ADDRESS_LINES, addressFormSchema, issuesByField, methodFormSchema } from './methodRules';
import type { ContactMethodKind } from './methodHref';
import { field } from '../records/commonFields';
import { later } from '../i18n';

const { useT } = later;

export type MethodType = { id: string; name: string; kind: ContactMethodKind };

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form's values as the rules read them: the Primary checkbox as true or false. */
const withPrimary = (values: FormValues) => ({ ...values, is_primary: values.is_primary === 'true' });

/**
 * Add or edit a phone, e-mail or other method. The value is checked as the database checks it; a
 * refused save keeps everything typed and says why.
 */
export function MethodDialog({
  kind,
  types,
  row,
  onClose,
  onSave,
}: {
  kind: ContactMethodKind;
  types: readonly MethodType[];
  /** The method being edited; null adds one. */
  row: AnyRow | null;
  onClose: () => void;
  onSave: (values: AnyRow) => Promise<void>;
}) {
  const t = useT();
  const choices = types.filter((type) => type.kind === kind);
  const fields = useMemo<FieldDef[]>(
    () => [
      { name: 'type_id', label: t('method.type'), type: 'choice', required: true, options: [{ value: '', label: '—' }, ...types.filter((type) => type.kind === kind).map((type) => ({ value: type.id, label: type.name }))] },
      { name: 'value', label: t(kind === 'phone' ? 'method.phoneNumber' : kind === 'email' ? 'method.emailAddress' : 'method.value'), type: kind === 'phone' ? 'tel' : kind === 'email' ? 'email' : 'text', required: true },
      { name: 'label', label: t('method.label') },
      { name: 'is_primary', label: t('method.primary', { kind }), type: 'checkbox' },
    ],
    [kind, types, t],
  );
  const form = useFieldForm(fields, {
    type_id: str(row?.type_id) || (choices.length === 1 ? (choices[0]?.id ?? '') : ''),
    label: str(row?.label),
    value: str(row?.value),
    is_primary: row ? row.is_primary === true : false,
  });
  const { busy, alert, run } = useTabSave(onClose);
  // The rules are the database's own (methodRules), with their messages.
  const save = () => {
    const parsed = methodFormSchema(kind).safeParse(withPrimary(form.stateRef.current.values));
    if (parsed.success) void run(() => onSave(parsed.data));
    else form.fail(issuesByField(parsed.error.issues));
  };
  const title = t(row ? 'method.editTitle' : 'method.addTitle', { kind });
  return (
    <FormDialog title={title} busy={busy} alert={form.banner ?? alert} onClose={onClose} onSave={save}>
      <FieldsForm form={form} idPrefix="method" disabled={busy} />
    </FormDialog>
  );
}

const ADDRESS_FIELDS: readonly FieldDef[] = [
  field('label', 'address.label', { required: true }),
  ...ADDRESS_LINES.map((line): FieldDef => field(line.name, line.label)),
  field('is_primary', 'address.primary', { type: 'checkbox' }),
];

/** Add or edit an address: a label and at least one line; Primary makes it the one lists show. */
export function AddressDialog({ row, onClose, onSave }: { row: AnyRow | null; onClose: () => void; onSave: (values: AnyRow) => Promise<void> }) {
  const t = useT();
  const form = useFieldForm(ADDRESS_FIELDS, {
    ...row,
    label: str(row?.label) || t('address.defaultLabel'),
    is_primary: row ? row.is_primary === true : false,
  });
  const { busy, alert, run } = useTabSave(onClose);
  const save = () => {
    const parsed = addressFormSchema.safeParse(withPrimary(form.stateRef.current.values));
    if (parsed.success) void run(() => onSave(parsed.data));
    else form.fail(issuesByField(parsed.error.issues));
  };
  return (
    <FormDialog title={t(row ? 'address.editTitle' : 'address.addTitle')} busy={busy} alert={form.banner ?? alert} onClose={onClose} onSave={save}>
      <FieldsForm form={form} idPrefix="address" disabled={busy} />
    </FormDialog>
  );
}
