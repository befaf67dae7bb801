// The fields an organisation defines for itself (settings.custom_fields): their definitions, read
// once per organisation into the query cache, and how their stored values read. Every screen that
// shows, edits, filters, sorts or exports a custom field works from these definitions, never from a
// list of its own.
import { formatMoney as formatAmount, formatNumber, useLanguage } from '@steward/libs/i18n';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { getDatabase, type Database } from '@steward/libs/boot';
import { toDataAccessError } from './DataAccessError';
import { queryKeys } from './queryKeys';
import { tableRef, type AnyRow, type SchemaName } from './tableRef';
import { localized, t, type LibsMessageId } from '@steward/libs/messages';

/** A kind of record, named in the page's language each time it is read (plural `label`, singular `one`). */
function recordKind<const K extends string, const S extends SchemaName>(kind: K, schema: S, table: string, label: LibsMessageId, one: LibsMessageId) {
  return localized({ kind, label: '', one: '', schema, table }, { label, one });
}

/** The kinds of record an organisation may add fields to, with the table each one's values live in. */
export const RECORD_KINDS = [
  recordKind('contact', 'crm', 'contacts', 'kinds.contact.many', 'kinds.contact.one'),
  recordKind('business', 'crm', 'businesses', 'kinds.business.many', 'kinds.business.one'),
  recordKind('household', 'crm', 'households', 'kinds.household.many', 'kinds.household.one'),
  recordKind('accommodation', 'catalog', 'accommodations', 'kinds.accommodation.many', 'kinds.accommodation.one'),
  recordKind('reservation', 'catalog', 'reservations', 'kinds.reservation.many', 'kinds.reservation.one'),
  recordKind('project', 'ops', 'projects', 'kinds.project.many', 'kinds.project.one'),
  recordKind('task', 'ops', 'tasks', 'kinds.task.many', 'kinds.task.one'),
  recordKind('product', 'catalog', 'products', 'kinds.product.many', 'kinds.product.one'),
  recordKind('supply', 'catalog', 'supplies', 'kinds.supply.many', 'kinds.supply.one'),
  recordKind('staff', 'hr', 'staff_profiles', 'kinds.staff.many', 'kinds.staff.one'),
] as const;

export type RecordKind = (typeof RECORD_KINDS)[number]['kind'];

const fieldType = <const T extends string>(type: T, label: LibsMessageId) => localized({ type, label: '' }, { label });

/** The types a field can have, as the owner picks them. */
export const CUSTOM_FIELD_TYPES = [
  fieldType('short_text', 'fieldTypes.shortText'),
  fieldType('long_text', 'fieldTypes.longText'),
  fieldType('number', 'fieldTypes.number'),
  fieldType('currency', 'fieldTypes.currency'),
  fieldType('date', 'fieldTypes.date'),
  fieldType('boolean', 'fieldTypes.boolean'),
  fieldType('single_choice', 'fieldTypes.singleChoice'),
  fieldType('multiple_choice', 'fieldTypes.multipleChoice'),
  fieldType('email', 'fieldTypes.email'),
  fieldType('phone', 'fieldTypes.phone'),
  fieldType('url', 'fieldTypes.url'),
  fieldType('link', 'fieldTypes.link'),
] as const;

export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]['type'];

const linkKind = <const K extends string, const S extends SchemaName>(kind: K, schema: S, table: string, label: LibsMessageId) => localized({ kind, label: '', schema, table }, { label });

/** The records a link field may point at. */
export const LINK_KINDS = [
  linkKind('contact', 'crm', 'contacts', 'linkKinds.contact'),
  linkKind('business', 'crm', 'businesses', 'linkKinds.business'),
  linkKind('household', 'crm', 'households', 'linkKinds.household'),
] as const;

export type LinkKind = (typeof LINK_KINDS)[number]['kind'];

export type CustomChoice = { id: string; label: string; archived: boolean };

/** One field's definition, as settings.custom_fields holds it. */
export type CustomFieldDef = {
  id: string;
  org_name: string;
  record_kind: RecordKind;
  label: string;
  help_text: string | null;
  field_type: CustomFieldType;
  link_kind: LinkKind | null;
  required: boolean;
  default_value: unknown;
  position: number;
  archive: boolean;
  sensitive: boolean;
  choices: CustomChoice[];
};

export const customFieldsTable = tableRef<CustomFieldDef>('settings', 'custom_fields');

export const CUSTOM_FIELD_COLUMNS = 'id, org_name, record_kind, label, help_text, field_type, link_kind, required, default_value, position, archive, sensitive, choices';

const choiceSchema = z.object({ id: z.string(), label: z.string(), archived: z.optional(z.boolean()) });

const definitionSchema = z.object({
  id: z.string(),
  org_name: z.string(),
  record_kind: z.enum(RECORD_KINDS.map((kind) => kind.kind) as [RecordKind, ...RecordKind[]]),
  label: z.string(),
  help_text: z.nullish(z.string()),
  field_type: z.enum(CUSTOM_FIELD_TYPES.map((type) => type.type) as [CustomFieldType, ...CustomFieldType[]]),
  link_kind: z.nullish(z.enum(LINK_KINDS.map((kind) => kind.kind) as [LinkKind, ...LinkKind[]])),
  required: z.optional(z.boolean()),
  default_value: z.optional(z.unknown()),
  position: z.optional(z.number()),
  archive: z.optional(z.boolean()),
  sensitive: z.optional(z.boolean()),
  choices: z.optional(z.nullable(z.array(choiceSchema))),
});

/** A definition row as the screens use it; null for a row that does not fit (a newer kind or type). */
export function parseCustomField(row: unknown): CustomFieldDef | null {
  const parsed = definitionSchema.safeParse(row);
  if (!parsed.success) return null;
  const data = parsed.data;
  return {
    id: data.id,
    org_name: data.org_name,
    record_kind: data.record_kind,
    label: data.label,
    help_text: data.help_text ?? null,
    field_type: data.field_type,
    link_kind: data.link_kind ?? null,
    required: data.required ?? false,
    default_value: data.default_value ?? null,
    position: data.position ?? 0,
    archive: data.archive ?? false,
    sensitive: data.sensitive ?? false,
    choices: (data.choices ?? []).map((choice) => ({ id: choice.id, label: choice.label, archived: choice.archived ?? false })),
  };
}

/** Every definition of the organisation, archived ones too, in each kind's order. */
export async function fetchCustomFields(client: Database, orgName: string): Promise<CustomFieldDef[]> {
  const { data, error } = await client
    .schema(customFieldsTable.schema)
    .from(customFieldsTable.table)
    .select(CUSTOM_FIELD_COLUMNS)
    .eq('org_name', orgName)
    .order('record_kind')
    .order('position')
    .order('label');
  if (error) throw toDataAccessError(error);
  return ((data ?? []) as unknown[]).map(parseCustomField).filter((field): field is CustomFieldDef => field !== null);
}

/** The one query of an organisation's definitions: every screen reads it, Settings → Fields refreshes it. */
export function customFieldsQueryOptions(orgName: string | null) {
  return {
    queryKey: queryKeys.list(customFieldsTable, { orgName }),
    queryFn: () => fetchCustomFields(getDatabase(), orgName ?? ''),
    enabled: orgName !== null,
    staleTime: 5 * 60_000,
  };
}

/** The organisation's definitions (all kinds, archived too). */
export function useCustomFieldDefinitions(orgName: string | null) {
  return useQuery<CustomFieldDef[]>(customFieldsQueryOptions(orgName));
}

const NO_FIELDS: readonly CustomFieldDef[] = [];

/** The fields of one kind of record, in the owner's order: the unarchived ones unless asked. */
export function fieldsOfKind(fields: readonly CustomFieldDef[] | undefined, kind: string, { archived = false }: { archived?: boolean } = {}): CustomFieldDef[] {
  return (fields ?? NO_FIELDS)
    .filter((field) => field.record_kind === kind && (archived || !field.archive))
    .sort((a, b) => a.position - b.position || a.label.localeCompare(b.label));
}

/** A custom field's name wherever a column's is used (filters, sort, list columns, form values). */
export const CUSTOM_PREFIX = 'custom.';

export const customFieldName = (id: string): string => `${CUSTOM_PREFIX}${id}`;

/** The field id of a `custom.<id>` name; null for an ordinary column. */
export function customIdOf(name: string): string | null {
  return name.startsWith(CUSTOM_PREFIX) ? name.slice(CUSTOM_PREFIX.length) : null;
}

/** A record's stored value of one field (undefined when empty or withheld). */
export function customValueOf(row: Readonly<AnyRow> | null | undefined, id: string): unknown {
  const custom = row?.custom;
  if (!custom || typeof custom !== 'object' || Array.isArray(custom)) return undefined;
  return (custom as AnyRow)[id];
}

export function isEmptyCustomValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** A choice's label by id; a choice that no longer exists reads as its id. */
export function choiceLabel(field: Pick<CustomFieldDef, 'choices'>, id: unknown): string {
  const text = String(id);
  return field.choices.find((choice) => choice.id === text)?.label ?? text;
}

/** The organisation's currency when none is known: the platform's. */
export const DEFAULT_CURRENCY = 'USD';

/** An amount in `currency`, as the person's language writes it (libs/i18n); an unknown code reads "XYZ 1.00". */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY): string {
  try {
    return formatAmount(amount, currency);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/**
 * A stored value as a person reads it: choice labels, Yes/No, money in the organisation's currency,
 * dates as stored (YYYY-MM-DD). Empty is ''. A link reads as `linkName(id)` when given, else the id.
 */
export function customValueText(
  field: Pick<CustomFieldDef, 'field_type' | 'choices'>,
  value: unknown,
  { currency = DEFAULT_CURRENCY, linkName }: { currency?: string; linkName?: (id: string) => string | undefined } = {},
): string {
  if (isEmptyCustomValue(value)) return '';
  switch (field.field_type) {
    case 'boolean':
      return value === true ? t('common.yes') : value === false ? t('common.no') : String(value);
    case 'single_choice':
      return choiceLabel(field, value);
    case 'multiple_choice':
      return (Array.isArray(value) ? value : [value]).map((id) => choiceLabel(field, id)).join(', ');
    case 'currency':
      return typeof value === 'number' ? formatMoney(value, currency) : String(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, { maximumFractionDigits: 10 }) : String(value);
    case 'link':
      return linkName?.(String(value)) ?? String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * The organisation's currency (Org Data): the one the session reads with the organisation and every
 * amount is formatted in (libs/i18n). `orgName` null (nothing of a kind is read): the platform's.
 */
export function useOrgCurrency(orgName: string | null): string {
  const { currency } = useLanguage();
  return orgName === null ? DEFAULT_CURRENCY : currency;
}

/**
 * The organisation's fields of one kind of record (unarchived, in order) and its currency: what a
 * record form, a record page and a list of that kind start from.
 */
export function useCustomFieldsOfKind(kind: string | null, orgName: string | null) {
  // No kind (a form or list that has no fields of its own kind): nothing is read.
  const reading = kind ? orgName : null;
  const query = useCustomFieldDefinitions(reading);
  const currency = useOrgCurrency(reading);
  const definitions = useMemo(() => (kind ? fieldsOfKind(query.data, kind) : []), [query.data, kind]);
  return { definitions, currency, isLoading: query.isLoading, error: query.error };
}
