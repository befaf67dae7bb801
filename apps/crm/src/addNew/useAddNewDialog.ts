import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  errorMessage,
  getSupabase,
  insertRecord,
  queryKeys,
  tableRef,
  useRelationOptions,
  type AnyRow,
  type TableRef,
} from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import {
  FIX_FIELDS_MESSAGE,
  MISSING_USER_ORG_MESSAGE,
  formValuesFromRow,
  rowValuesFromForm,
  validateRecord,
  type FieldDef,
  type FieldErrors,
  type FormValue,
  type FormValues,
} from '@steward/libs/editor';
import type { ContactMethodType } from './contactMethodTypes';

export type OwnerColumn = 'business_id' | 'contact_id' | 'household_id' | 'user_id';

export type AddNewConfig<Row> = {
  table: TableRef<Row>;
  fields: readonly FieldDef[];
  /** Capitalised, for "{Entity} added, but failed to add …" (e.g. 'Business', 'Contact', 'Profile'). */
  entityLabel: string;
  /** For "Failed to add {noun}: …" (e.g. 'business', 'contact', 'user profile'). */
  failureNoun: string;
  /** The column that links the secondary rows to the new record. */
  ownerColumn: OwnerColumn;
  secondary?: { phone?: boolean; email?: boolean; address?: boolean };
  /** Contacts label their primary phone and e-mail with the type's name (000 §7). */
  labelContactMethods?: boolean;
  /** Replaces the default missing-context alert (the user form words it differently). */
  missingContextMessage?: string;
  onCreated?: (row: Row) => void;
};

export const ADDRESS_FIELDS: readonly FieldDef[] = [
  { name: 'address_line_1', label: 'Address line 1' },
  { name: 'address_line_2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'ZIP' },
];

export type SecondaryValues = {
  phone: string;
  phoneTypeId: string;
  email: string;
  emailTypeId: string;
  address: Record<string, string>;
};

const emptySecondary = (): SecondaryValues => ({ phone: '', phoneTypeId: '', email: '', emailTypeId: '', address: {} });

const contactMethods = tableRef<AnyRow>('crm', 'contact_methods');
const addresses = tableRef<AnyRow>('crm', 'addresses');

export function partialFailureMessage(entityLabel: string, part: 'address' | 'primary phone' | 'primary email', message: string): string {
  return `${entityLabel} added, but failed to add ${part}: ${message}`;
}

export function mainFailureMessage(failureNoun: string, error: unknown): string {
  return `Failed to add ${failureNoun}: ${errorMessage(error, 'Unknown error')}`;
}

/**
 * The headless Add New dialog (000 §5): required fields, then the main record, then its primary
 * address, phone and e-mail. A secondary row is created only when it has what it needs (a value and
 * a type; any address line). If one fails the main record stays and the user is told which part is
 * missing; the dialog then only offers Close, so a retry cannot create the record twice.
 */
export function useAddNewDialog<Row extends AnyRow>(config: AddNewConfig<Row>) {
  const { table, fields, entityLabel, failureNoun, ownerColumn, secondary = {}, labelContactMethods, onCreated } = config;
  const session = useSession();
  const queryClient = useQueryClient();
  const ready = Boolean(session.orgName && session.user);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<FormValues>(() => formValuesFromRow(fields, null));
  const [extra, setExtra] = useState<SecondaryValues>(emptySecondary);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const needsTypes = Boolean(secondary.phone || secondary.email);
  const types = useRelationOptions(
    open && needsTypes
      ? { schema: 'crm', table: 'contact_method_types', valueField: 'id', labelField: 'name', extraFields: ['kind'], orgScope: session.orgScope }
      : null,
  );
  const typeRows = useMemo<ContactMethodType[]>(
    () => (types.data ?? []).map((option) => ({ id: option.value, name: option.label, kind: option.row.kind === 'phone' || option.row.kind === 'email' ? option.row.kind : 'other' })),
    [types.data],
  );
  const phoneTypes = useMemo(() => typeRows.filter((type) => type.kind === 'phone'), [typeRows]);
  const emailTypes = useMemo(() => typeRows.filter((type) => type.kind === 'email'), [typeRows]);

  const reset = useCallback(() => {
    setValues(formValuesFromRow(fields, null));
    setExtra(emptySecondary());
    setErrors({});
    setAlert(null);
    setWarnings([]);
  }, [fields]);

  const show = useCallback(() => {
    reset();
    setOpen(true);
  }, [reset]);

  const close = useCallback(() => {
    if (busyRef.current) return;
    setOpen(false);
    reset();
  }, [reset]);

  const setValue = useCallback((name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  }, []);

  const setSecondary = useCallback((patch: Partial<SecondaryValues>) => setExtra((current) => ({ ...current, ...patch })), []);

  const submit = useCallback(async () => {
    if (busyRef.current || warnings.length > 0) return;
    if (!session.orgName || !session.user) {
      setAlert(config.missingContextMessage ?? MISSING_USER_ORG_MESSAGE);
      return;
    }
    const found = validateRecord(fields, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert(FIX_FIELDS_MESSAGE);
      return;
    }
    setAlert(null);
    busyRef.current = true;
    setBusy(true);
    const client = getSupabase();
    const context = { orgName: session.orgName };
    let created: Row;
    try {
      created = await insertRecord(client, table, rowValuesFromForm(fields, values), context);
    } catch (error) {
      setAlert(mainFailureMessage(failureNoun, error));
      busyRef.current = false;
      setBusy(false);
      return;
    }
    const owner = { [ownerColumn]: created.id };
    const failures: string[] = [];
    const addressValues = Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [field.name, (extra.address[field.name] ?? '').trim()]).filter(([, value]) => value !== ''),
    );
    if (secondary.address && Object.keys(addressValues).length > 0) {
      try {
        await insertRecord(client, addresses, { ...owner, ...addressValues, is_primary: true }, context);
      } catch (error) {
        failures.push(partialFailureMessage(entityLabel, 'address', errorMessage(error, 'Unknown error')));
      }
    }
    const methods: { part: 'primary phone' | 'primary email'; value: string; typeId: string }[] = [];
    if (secondary.phone) methods.push({ part: 'primary phone', value: extra.phone.trim(), typeId: extra.phoneTypeId });
    if (secondary.email) methods.push({ part: 'primary email', value: extra.email.trim(), typeId: extra.emailTypeId });
    for (const method of methods) {
      if (!method.value || !method.typeId) continue;
      const typeName = typeRows.find((type) => type.id === method.typeId)?.name;
      try {
        await insertRecord(
          client,
          contactMethods,
          { ...owner, type_id: method.typeId, value: method.value, is_primary: true, archive: false, ...(labelContactMethods && typeName ? { label: typeName } : {}) },
          context,
        );
      } catch (error) {
        failures.push(partialFailureMessage(entityLabel, method.part, errorMessage(error, 'Unknown error')));
      }
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.schema(table.schema) });
    busyRef.current = false;
    setBusy(false);
    onCreated?.(created);
    if (failures.length > 0) {
      setWarnings(failures);
      return;
    }
    setOpen(false);
    reset();
  }, [config.missingContextMessage, entityLabel, extra, failureNoun, fields, labelContactMethods, onCreated, ownerColumn, queryClient, reset, secondary, session.orgName, session.user, table, typeRows, values, warnings.length]);

  return {
    open,
    values,
    extra,
    errors,
    alert,
    warnings,
    busy,
    fields,
    secondary,
    phoneTypes,
    emailTypes,
    typesLoading: types.isLoading,
    show,
    close,
    setValue,
    setSecondary,
    submit,
    /** The toolbar's Add New: disabled until the organisation and the signed-in user are known. */
    buttonProps: { disabled: !ready, onClick: show, children: 'Add New' },
    modalProps: { open, title: `Add New ${entityLabel}`, onCancel: close, mask: { closable: !busy }, keyboard: !busy, closable: !busy, destroyOnHidden: true },
  };
}

export type AddNewDialogApi = ReturnType<typeof useAddNewDialog>;
