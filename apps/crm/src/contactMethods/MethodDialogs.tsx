import { useState } from 'react';
import { errorMessage, type AnyRow } from '@steward/libs/data-access';
import { FIX_FIELDS_MESSAGE } from '@steward/libs/editor';
import { TabDialog } from '../records/TabDialog';
import { TabCheckbox, TabField, TabSelect } from '../records/TabField';
import { ADDRESS_LINES, addressFormSchema, issuesByField, methodFormSchema, type AddressForm, type MethodForm } from './methodRules';
import type { ContactMethodKind } from './methodHref';

export type MethodType = { id: string; name: string; kind: ContactMethodKind };

const KIND_NOUN: Record<ContactMethodKind, string> = { phone: 'Phone', email: 'E-mail', other: 'Contact Method' };
const str = (value: unknown) => (typeof value === 'string' ? value : '');

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
  const choices = types.filter((type) => type.kind === kind);
  const [form, setForm] = useState<MethodForm>(() => ({
    type_id: str(row?.type_id) || (choices.length === 1 ? (choices[0]?.id ?? '') : ''),
    label: str(row?.label),
    value: str(row?.value),
    is_primary: row ? row.is_primary === true : false,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<MethodForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))));
  };
  const save = async () => {
    const parsed = methodFormSchema(kind).safeParse(form);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      setAlert(FIX_FIELDS_MESSAGE);
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (problem) {
      setAlert(errorMessage(problem, 'Save failed'));
      setBusy(false);
    }
  };
  const title = `${row ? 'Edit' : 'Add'} ${KIND_NOUN[kind]}`;
  return (
    <TabDialog title={title} busy={busy} alert={alert} onClose={onClose} onSave={() => void save()}>
        <TabSelect
          id="method-type"
          label="Type"
          required
          value={form.type_id}
          onChange={(type_id) => set({ type_id })}
          options={[{ value: '', label: '—' }, ...choices.map((type) => ({ value: type.id, label: type.name }))]}
          error={errors.type_id}
          disabled={busy}
        />
        <TabField
          id="method-value"
          label={kind === 'phone' ? 'Phone number' : kind === 'email' ? 'E-mail address' : 'Value'}
          type={kind === 'phone' ? 'tel' : kind === 'email' ? 'email' : 'text'}
          required
          value={form.value}
          onChange={(value) => set({ value })}
          error={errors.value}
          disabled={busy}
        />
        <TabField id="method-label" label="Label" value={form.label} onChange={(label) => set({ label })} disabled={busy} />
        <TabCheckbox id="method-primary" label={`Primary ${KIND_NOUN[kind].toLowerCase()}`} checked={form.is_primary} onChange={(is_primary) => set({ is_primary })} disabled={busy} />
    </TabDialog>
  );
}

/** Add or edit an address: a label and at least one line; Primary makes it the one lists show. */
export function AddressDialog({ row, onClose, onSave }: { row: AnyRow | null; onClose: () => void; onSave: (values: AnyRow) => Promise<void> }) {
  const [form, setForm] = useState<AddressForm>(() => ({
    label: str(row?.label) || 'Main',
    is_primary: row ? row.is_primary === true : false,
    ...(Object.fromEntries(ADDRESS_LINES.map((line) => [line.name, str(row?.[line.name])])) as Record<(typeof ADDRESS_LINES)[number]['name'], string>),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<AddressForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const save = async () => {
    const parsed = addressFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      setAlert(FIX_FIELDS_MESSAGE);
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      await onSave(parsed.data);
      onClose();
    } catch (problem) {
      setAlert(errorMessage(problem, 'Save failed'));
      setBusy(false);
    }
  };
  return (
    <TabDialog title={row ? 'Edit Address' : 'Add Address'} busy={busy} alert={alert} onClose={onClose} onSave={() => void save()}>
        <TabField id="address-label" label="Label" required value={form.label} onChange={(label) => set({ label })} error={errors.label} disabled={busy} />
        {ADDRESS_LINES.map((line) => (
          <TabField key={line.name} id={`address-${line.name}`} label={line.label} value={form[line.name]} onChange={(value) => set({ [line.name]: value })} error={errors[line.name]} disabled={busy} />
        ))}
        <TabCheckbox id="address-primary" label="Primary address" checked={form.is_primary} onChange={(is_primary) => set({ is_primary })} disabled={busy} />
    </TabDialog>
  );
}
