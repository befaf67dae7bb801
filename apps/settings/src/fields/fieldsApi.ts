import { z } from 'zod';
import {
  CUSTOM_FIELD_COLUMNS,
  CUSTOM_FIELD_TYPES,
  LINK_KINDS,
  callRpc,
  customFieldsTable,
  getDatabase,
  insertRecord,
  parseCustomField,
  updateWhere,
  type CustomChoice,
  type CustomFieldDef,
  type CustomFieldType,
  type RecordKind,
} from '@steward/libs/data';
import { t, type SettingsMessageId } from '../i18n';

/** The words of Settings → Fields, by message id. */
export const FIELD_MESSAGES = {
  created: 'fields.created',
  updated: 'fields.updated',
  archived: 'fields.archived',
  restored: 'fields.restored',
  moved: 'fields.moved',
  saveFailed: 'fields.saveFailed',
  fetchFailed: 'fields.fetchFailed',
  labelRequired: 'fields.labelRequired',
  choiceRequired: 'fields.choiceRequired',
  choiceLabelRequired: 'fields.choiceLabelRequired',
  choiceLabelTwice: 'fields.choiceLabelTwice',
  linkKindRequired: 'fields.linkKindRequired',
  noFields: 'fields.none',
} as const satisfies Record<string, SettingsMessageId>;

/** A field type's name, read in the page's language each time (a table of the names made once would keep the first language). */
export const typeLabel = (type: CustomFieldType): string => CUSTOM_FIELD_TYPES.find((entry) => entry.type === type)?.label ?? type;

export const isChoiceType = (type: CustomFieldType) => type === 'single_choice' || type === 'multiple_choice';

/**
 * Which type changes keep values: every value converts to text, text to a choice (made from the
 * distinct values), one choice to several, and the database reports, in the preview, each value that
 * does not convert for the others (text to number or date, …).
 */
export function typeChangeNeedsPreview(from: CustomFieldType, to: CustomFieldType): boolean {
  return from !== to;
}

const choiceSchema = z.object({ id: z.string().min(1), label: z.string(), archived: z.boolean() });

/** What the dialog edits, checked at the edge (the database checks the same and more). */
export const fieldFormSchema = z
  .object({
    label: z.string().trim().min(1, { error: () => t(FIELD_MESSAGES.labelRequired) }).max(120),
    field_type: z.enum(CUSTOM_FIELD_TYPES.map((type) => type.type) as [CustomFieldType, ...CustomFieldType[]]),
    link_kind: z.enum(LINK_KINDS.map((kind) => kind.kind) as [string, ...string[]]).nullable(),
    help_text: z
      .string()
      .trim()
      .max(500)
      .transform((text) => (text ? text : null))
      .nullable(),
    required: z.boolean(),
    sensitive: z.boolean(),
    default_value: z.unknown(),
    choices: z.array(choiceSchema).max(500),
  })
  .superRefine((value, context) => {
    if (value.field_type === 'link' && !value.link_kind) context.addIssue({ code: 'custom', path: ['link_kind'], message: t(FIELD_MESSAGES.linkKindRequired) });
    if (!isChoiceType(value.field_type)) return;
    const live = value.choices.filter((choice) => !choice.archived);
    if (live.length === 0) context.addIssue({ code: 'custom', path: ['choices'], message: t(FIELD_MESSAGES.choiceRequired) });
    if (value.choices.some((choice) => choice.label.trim() === '')) context.addIssue({ code: 'custom', path: ['choices'], message: t(FIELD_MESSAGES.choiceLabelRequired) });
    const labels = live.map((choice) => choice.label.trim().toLowerCase());
    if (new Set(labels).size !== labels.length) context.addIssue({ code: 'custom', path: ['choices'], message: t(FIELD_MESSAGES.choiceLabelTwice) });
  });

export type FieldFormInput = z.input<typeof fieldFormSchema>;
export type FieldFormValues = z.output<typeof fieldFormSchema>;

/** A new choice: a stable id of its own, which stored values keep whatever its label becomes. */
export function newChoice(label = ''): CustomChoice {
  return { id: crypto.randomUUID(), label, archived: false };
}

/** The row to write: choices only for choice types, link_kind only for links, labels trimmed. */
export function fieldWrite(values: FieldFormValues): Record<string, unknown> {
  return {
    label: values.label,
    field_type: values.field_type,
    link_kind: values.field_type === 'link' ? values.link_kind : null,
    help_text: values.help_text,
    required: values.required,
    sensitive: values.sensitive,
    default_value: values.default_value ?? null,
    choices: isChoiceType(values.field_type) ? values.choices.map((choice) => ({ ...choice, label: choice.label.trim() })) : [],
  };
}

export async function createField(orgName: string, kind: RecordKind, values: FieldFormValues, position: number): Promise<CustomFieldDef | null> {
  const row = await insertRecord(getDatabase(), customFieldsTable, { ...fieldWrite(values), record_kind: kind, position }, { orgName });
  return parseCustomField(row);
}

export async function updateField(id: string, changes: Record<string, unknown>): Promise<void> {
  const rows = await updateWhere(getDatabase(), customFieldsTable, { id }, changes);
  if (rows.length === 0) throw new Error(t('fields.mayNotChange'));
}

/** Swaps the places of two fields of a kind (Move up / Move down). */
export async function swapPositions(a: Pick<CustomFieldDef, 'id' | 'position'>, b: Pick<CustomFieldDef, 'id' | 'position'>): Promise<void> {
  const [first, second] = a.position === b.position ? [a.position, a.position + 1] : [b.position, a.position];
  await updateField(a.id, { position: first });
  await updateField(b.id, { position: second });
}

/** One value the new type cannot hold: which record, and what it holds. */
export type UnconvertibleValue = { record_id: string; record_name: string | null; value: unknown };
export type TypeChangePreview = { count: number; values: UnconvertibleValue[] };

/**
 * settings.preview_field_type_change's answer: `count` values would not convert, listed in
 * `not_converted` (record id, name, value); `values` and `converts` are the totals.
 */
const previewSchema = z.object({
  count: z.number(),
  not_converted: z.array(z.object({ id: z.string(), name: z.string().nullable().optional(), value: z.unknown() })).default([]),
});

/** The database's preview of a type change as the dialog lists it; an answer of another shape is refused. */
export function readTypeChangePreview(raw: unknown): TypeChangePreview {
  const parsed = previewSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new Error(t('fields.previewUnreadable'));
  return { count: parsed.data.count, values: parsed.data.not_converted.map((value) => ({ record_id: value.id, record_name: value.name ?? null, value: value.value })) };
}

/** What would not convert, asked of the database (settings.preview_field_type_change). */
export async function previewTypeChange(fieldId: string, newType: CustomFieldType): Promise<TypeChangePreview> {
  return readTypeChangePreview(await callRpc<unknown>('settings', 'preview_field_type_change', { p_field: fieldId, p_new_type: newType }));
}

/** Converts the values in one statement (settings.change_field_type); choices for text → choice, or null to make them from the values. */
export async function changeFieldType(fieldId: string, newType: CustomFieldType, choices: readonly CustomChoice[] | null): Promise<void> {
  await callRpc<unknown>('settings', 'change_field_type', { p_field: fieldId, p_new_type: newType, p_choices: choices });
}

export { CUSTOM_FIELD_COLUMNS };
