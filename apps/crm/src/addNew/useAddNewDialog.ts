import { useCallback, useMemo, useState } from 'react';
import {
  errorMessage,
  tableRef,
  useCallFunction,
  useRelationOptions,
  type AnyRow,
  type TableRef,
} from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import { useDialog } from '@steward/libs/ui';
import { useFieldForm, type FieldDef } from '@steward/libs/form';
import type { ContactMethodType } from './contactMethodTypes';
import { addRecordFunction, addedRecordSchema, type AddRecordArgs, type AddRecordKind, type AddRecordMethod } from './addRecord';
import { field } from '../records/commonFields';
import { later } from '../i18n';

const { t, useT } = later;

export type OwnerColumn = 'business_id' | 'contact_id' | 'household_id' | 'user_id';

export type AddNewConfig<Row> = {
  table: TableRef<Row>;
  fields: readonly FieldDef[];
  /** Capitalised, for the dialog's title 'Add New {Entity}' (e.g. 'Business', 'Contact', 'Profile'). */
  entityLabel: string;
  /** For "Failed to add {noun}: …" (e.g. 'business', 'contact', 'user profile'). */
  failureNoun: string;
  /** The column that links the address, phone and e-mail to the new record (what the record is). */
  ownerColumn: OwnerColumn;
  secondary?: { phone?: boolean; email?: boolean; address?: boolean };
  /** Replaces the default missing-context alert (the user form words it differently). */
  missingContextMessage?: string;
  onCreated?: (row: Row) => void;
};

export const ADDRESS_FIELDS: readonly FieldDef[] = [
  field('address_line_1', 'address.line1'),
  field('address_line_2', 'address.line2'),
  field('city', 'address.city'),
  field('state', 'address.state'),
  field('zip', 'address.zip'),
];

export type SecondaryValues = {
  phone: string;
  phoneTypeId: string;
  email: string;
  emailTypeId: string;
  address: Record<string, string>;
};

const emptySecondary = (): SecondaryValues => ({ phone: '', phoneTypeId: '', email: '', emailTypeId: '', address: {} });

const KIND_OF_OWNER: Record<OwnerColumn, AddRecordKind> = { business_id: 'business', contact_id: 'contact', household_id: 'household', user_id: 'user' };
// The address, phone and e-mail land in crm even when the record does not (user profiles are public).
const CRM_WRITES = tableRef<AnyRow>('crm', 'contact_methods');

export function mainFailureMessage(failureNoun: string, error: unknown): string {
  return t('addNew.failed', { noun: failureNoun, message: errorMessage(error, t('common.unknownError')) });
}

const method = (value: string, typeId: string): AddRecordMethod | null => (value.trim() && typeId ? { value: value.trim(), type_id: typeId } : null);

/** What the dialog sends crm.add_record: the record, and each secondary part the dialog asks for. */
export function addRecordArgs(orgName: string, config: Pick<AddNewConfig<unknown>, 'ownerColumn' | 'secondary'>, record: AnyRow, extra: SecondaryValues): AddRecordArgs {
  const secondary = config.secondary ?? {};
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field.name, (extra.address[field.name] ?? '').trim()]).filter(([, value]) => value !== ''));
  return {
    p_org_name: orgName,
    p_kind: KIND_OF_OWNER[config.ownerColumn],
    p_record: record,
    p_address: secondary.address && Object.keys(address).length > 0 ? address : null,
    p_phone: secondary.phone ? method(extra.phone, extra.phoneTypeId) : null,
    p_email: secondary.email ? method(extra.email, extra.emailTypeId) : null,
  };
}

/**
 * The headless Add New dialog over the form engine: required fields, then the record with its
 * primary address, phone and e-mail in ONE database call (crm.add_record). A phone or e-mail goes
 * only with both a value and a type, an address only when a line is filled. Either everything is
 * written or nothing is: a refusal says "Failed to add {noun}: {message}", where the database's
 * message names the part that failed, and the dialog stays open with what was typed to try again.
 * Open, busy, the alert and the one submit are the platform's dialog (useDialog).
 */
export function useAddNewDialog<Row extends AnyRow>(config: AddNewConfig<Row>) {
  const { table, fields, entityLabel, failureNoun, ownerColumn, secondary = {}, onCreated } = config;
  const t = useT();
  const session = useSession();
  const ready = Boolean(session.orgName && session.user);
  const form = useFieldForm(fields);
  const { reset: resetForm, setValue, validate, rowValues } = form;
  const { mutateAsync: addRecord } = useCallFunction<unknown, AddRecordArgs>(addRecordFunction, [table, CRM_WRITES]);
  const dialog = useDialog();
  const { open, busy, alert, setAlert, isBusy } = dialog;
  const [extra, setExtra] = useState<SecondaryValues>(emptySecondary);

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
    resetForm();
    setExtra(emptySecondary());
  }, [resetForm]);

  const { show: showDialog, close: closeDialog, submit: submitDialog } = dialog;
  const show = useCallback(() => {
    reset();
    showDialog();
  }, [reset, showDialog]);

  const close = useCallback(() => {
    if (closeDialog()) reset();
  }, [closeDialog, reset]);

  const setSecondary = useCallback((patch: Partial<SecondaryValues>) => setExtra((current) => ({ ...current, ...patch })), []);

  const submit = useCallback(async () => {
    if (isBusy()) return;
    if (!session.orgName || !session.user) {
      setAlert(config.missingContextMessage ?? t('common.missingUserOrg'));
      return;
    }
    if (!validate()) {
      setAlert(null);
      return;
    }
    const orgName = session.orgName;
    const outcome = await submitDialog(
      async () => addedRecordSchema.parse(await addRecord(addRecordArgs(orgName, { ownerColumn, secondary }, rowValues(), extra))) as unknown as Row,
      (error) => mainFailureMessage(failureNoun, error),
    );
    if (!outcome.ok) return;
    onCreated?.(outcome.value);
    reset();
  }, [addRecord, config.missingContextMessage, extra, failureNoun, isBusy, onCreated, ownerColumn, reset, rowValues, secondary, session.orgName, session.user, setAlert, submitDialog, t, validate]);

  return {
    open,
    form,
    values: form.values,
    extra,
    errors: form.errors,
    /** The banner ("Please fix the highlighted fields.") or the refusal of the write. */
    alert: alert ?? form.banner,
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
    buttonProps: { disabled: !ready, onClick: show, children: t('list.addNew') },
    modalProps: { ...dialog.modalProps, title: t('addNew.title', { entity: entityLabel }), onCancel: close },
  };
}

export type AddNewDialogApi = ReturnType<typeof useAddNewDialog>;
