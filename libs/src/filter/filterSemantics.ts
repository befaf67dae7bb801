import type { FieldTypes, FilterCondition, FilterFieldType } from './filterModel';

/**
 * What one condition means, decided once so the PostgREST compiler and the in-memory evaluator cannot
 * drift apart: either a constant (a blank value matches everything; a value the field's type cannot
 * hold, or an operator it does not support, matches nothing) or a test on a trimmed value.
 */
export type ConditionMeaning =
  | { kind: 'all' }
  | { kind: 'none'; field: string }
  | { kind: 'test'; field: string; type: FilterFieldType; operator: FilterCondition['operator']; value: string };

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;

export function conditionMeaning(condition: FilterCondition, fieldTypes: FieldTypes = {}): ConditionMeaning {
  const type = fieldTypes[condition.field] ?? 'text';
  const { field, operator } = condition;
  if (operator === 'is_empty' || operator === 'is_not_empty') return { kind: 'test', field, type, operator, value: '' };
  const value = (condition.value ?? '').trim();
  if (value === '') return { kind: 'all' };
  if (type === 'text') return { kind: 'test', field, type, operator, value };
  if (operator === 'contains' || operator === 'not_contains') return { kind: 'none', field };
  if (type === 'number' && !Number.isFinite(Number(value))) return { kind: 'none', field };
  if (type === 'boolean' && !['true', 'false'].includes(value.toLowerCase())) return { kind: 'none', field };
  if (type === 'date' && !DATE_VALUE.test(value)) return { kind: 'none', field };
  return { kind: 'test', field, type, operator, value: type === 'boolean' ? value.toLowerCase() : value };
}
