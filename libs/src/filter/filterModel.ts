import { z } from 'zod/mini';
import type { LibsMessageId } from '@steward/libs/messages';

/** The six list-filter operators of the spec for text, all case-insensitive. */
export const TEXT_OPERATORS = ['is', 'is_not', 'contains', 'not_contains', 'is_empty', 'is_not_empty'] as const;

/**
 * Every operator: the text six, comparisons for numbers and dates, and the list tests of choice fields
 * (custom fields, issue 48). A list operator's value is its items joined by commas (choice ids, or the
 * two ends of `between`), so a condition stays one string in the URL and in saved views.
 */
export const FILTER_OPERATORS = [
  ...TEXT_OPERATORS,
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'any_of',
  'none_of',
  'has_any',
  'has_all',
  'has_none',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators whose value is a comma-separated list. */
export const LIST_OPERATORS: readonly FilterOperator[] = ['between', 'any_of', 'none_of', 'has_any', 'has_all', 'has_none'];

/** Each operator's words in the filter panel, as ids of libs' messages ("is not", "has any of"). */
export const FILTER_OPERATOR_LABELS: Record<FilterOperator, LibsMessageId> = {
  is: 'filter.op.is',
  is_not: 'filter.op.isNot',
  contains: 'filter.op.contains',
  not_contains: 'filter.op.notContains',
  is_empty: 'filter.op.isEmpty',
  is_not_empty: 'filter.op.isNotEmpty',
  gt: 'filter.op.gt',
  gte: 'filter.op.gte',
  lt: 'filter.op.lt',
  lte: 'filter.op.lte',
  between: 'filter.op.between',
  any_of: 'filter.op.anyOf',
  none_of: 'filter.op.noneOf',
  has_any: 'filter.op.hasAny',
  has_all: 'filter.op.hasAll',
  has_none: 'filter.op.hasNone',
};

/** Operators that ignore the value; the others treat a blank value as "matches everything". */
export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['is_empty', 'is_not_empty'];

export type FilterCondition = { field: string; operator: FilterOperator; value?: string };
export type FilterGroup = { operator: 'and' | 'or'; value: FilterNode[] };
/** A serialisable filter tree: the same value drives the panel, the URL, saved filters and the query. */
export type FilterNode = FilterCondition | FilterGroup;

export type SortOrder = 'asc' | 'desc';
export type SortSpec = readonly { field: string; order: SortOrder }[];

/**
 * How a column is compared. Text columns get the case-insensitive pattern operators; numbers and dates
 * exact, comparison and empty tests; yes/no exact and empty. Choice, multiple choice and link are the
 * custom field types (values are choice ids or record ids).
 */
export type FilterFieldType = 'text' | 'number' | 'boolean' | 'date' | 'choice' | 'multi_choice' | 'link';
/** A filterable field; a choice field's `options` give its choice ids' labels, which the panel offers; a link field's `records` the records to pick. */
/** Where a link field's records are picked from (a table's id and name), read by the Filters panel. */
export type FilterRecordSource = { schema: string; table: string; valueField: string; labelField: string };
export type FilterFieldDef = { field: string; label: string; type?: FilterFieldType; options?: readonly { value: string; label: string }[]; records?: FilterRecordSource };
export type FieldTypes = Readonly<Record<string, FilterFieldType>>;

/**
 * Column names go into query strings unquoted, so they are restricted to plain identifiers, or a custom
 * field as `custom.<field id>` (its value is the record's `custom` object's key).
 */
export const FIELD_NAME_PATTERN = /^(?:[A-Za-z_][A-Za-z0-9_]*|custom\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const CUSTOM_FIELD = /^custom\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The field id of a `custom.<field id>` name, else null. */
export function customFieldId(field: string): string | null {
  return CUSTOM_FIELD.exec(field)?.[1] ?? null;
}

/** A row's value of a field: a column, or a key of its `custom` object for `custom.<field id>`. */
export function fieldValue(row: Readonly<Record<string, unknown>>, field: string): unknown {
  const id = customFieldId(field);
  if (id === null) return row[field];
  const custom = row.custom;
  return custom && typeof custom === 'object' ? (custom as Record<string, unknown>)[id] : undefined;
}

const fieldName = z.string().check(z.regex(FIELD_NAME_PATTERN));

export const filterConditionSchema = z.object({
  field: fieldName,
  operator: z.enum(FILTER_OPERATORS),
  value: z.optional(z.string().check(z.maxLength(2000))),
});

export const filterGroupSchema: z.ZodMiniType<FilterGroup> = z.object({
  operator: z.enum(['and', 'or']),
  get value() {
    return z.array(filterNodeSchema).check(z.maxLength(50));
  },
});

export const filterNodeSchema: z.ZodMiniType<FilterNode> = z.union([filterConditionSchema, filterGroupSchema]);

export const sortSpecSchema = z
  .array(z.object({ field: fieldName, order: z.enum(['asc', 'desc']) }))
  .check(z.maxLength(5));

export function isFilterGroup(node: FilterNode): node is FilterGroup {
  return !('field' in node);
}

export function operatorsForType(type: FilterFieldType = 'text'): readonly FilterOperator[] {
  switch (type) {
    case 'text':
      return TEXT_OPERATORS;
    case 'number':
    case 'date':
      return ['is', 'is_not', 'gt', 'gte', 'lt', 'lte', 'between', 'is_empty', 'is_not_empty'];
    case 'choice':
      return ['is', 'is_not', 'any_of', 'none_of', 'is_empty', 'is_not_empty'];
    case 'multi_choice':
      return ['has_any', 'has_all', 'has_none', 'is_empty', 'is_not_empty'];
    default:
      return ['is', 'is_not', 'is_empty', 'is_not_empty'];
  }
}
