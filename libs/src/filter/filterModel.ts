import { z } from 'zod/mini';

/** The six list-filter operators of the spec, all case-insensitive. */
export const FILTER_OPERATORS = ['is', 'is_not', 'contains', 'not_contains', 'is_empty', 'is_not_empty'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
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
 * How a column is compared. Text columns get the case-insensitive pattern operators; other types only
 * support exact and empty tests because PostgREST cannot cast a column inside a filter.
 */
export type FilterFieldType = 'text' | 'number' | 'boolean' | 'date';
export type FilterFieldDef = { field: string; label: string; type?: FilterFieldType };
export type FieldTypes = Readonly<Record<string, FilterFieldType>>;

/** Column names go into query strings unquoted, so they are restricted to plain identifiers. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

const fieldName = z.string().check(z.regex(FIELD_NAME_PATTERN));

export const filterConditionSchema = z.object({
  field: fieldName,
  operator: z.enum(FILTER_OPERATORS),
  value: z.optional(z.string().check(z.maxLength(500))),
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
  return type === 'text' ? FILTER_OPERATORS : ['is', 'is_not', 'is_empty', 'is_not_empty'];
}
