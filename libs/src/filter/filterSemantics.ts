import { LIST_OPERATORS, type FieldTypes, type FilterCondition, type FilterFieldType } from './filterModel';

/**
 * What one condition means, decided once so the PostgREST compiler, the list_page compiler and the
 * in-memory evaluator cannot drift apart: either a constant (a blank value matches everything; a value
 * the field's type cannot hold, or an operator it does not support, matches nothing) or a test on a
 * trimmed value. A list operator's `values` are its comma-separated items, trimmed, blanks dropped.
 */
export type ConditionMeaning =
  | { kind: 'all' }
  | { kind: 'none'; field: string }
  | { kind: 'test'; field: string; type: FilterFieldType; operator: FilterCondition['operator']; value: string; values: string[] };

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}$/;

function fitsType(type: FilterFieldType, value: string): boolean {
  if (type === 'number') return Number.isFinite(Number(value));
  if (type === 'date') return DATE_VALUE.test(value);
  if (type === 'boolean') return ['true', 'false'].includes(value.toLowerCase());
  return true;
}

/** The operators each type takes (operatorsForType's lists, minus what a type cannot mean). */
const TYPE_OPERATORS: Record<FilterFieldType, readonly FilterCondition['operator'][]> = {
  text: ['is', 'is_not', 'contains', 'not_contains'],
  number: ['is', 'is_not', 'gt', 'gte', 'lt', 'lte', 'between'],
  date: ['is', 'is_not', 'gt', 'gte', 'lt', 'lte', 'between'],
  boolean: ['is', 'is_not'],
  choice: ['is', 'is_not', 'any_of', 'none_of'],
  multi_choice: ['has_any', 'has_all', 'has_none'],
  link: ['is', 'is_not'],
};

export function conditionMeaning(condition: FilterCondition, fieldTypes: FieldTypes = {}): ConditionMeaning {
  const type = fieldTypes[condition.field] ?? 'text';
  const { field, operator } = condition;
  if (operator === 'is_empty' || operator === 'is_not_empty') return { kind: 'test', field, type, operator, value: '', values: [] };
  const value = (condition.value ?? '').trim();
  if (value === '') return { kind: 'all' };
  if (!TYPE_OPERATORS[type].includes(operator)) return { kind: 'none', field };
  if (LIST_OPERATORS.includes(operator)) {
    const values = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
    if (values.length === 0) return { kind: 'all' };
    if (operator === 'between' && values.length !== 2) return { kind: 'none', field };
    if (!values.every((item) => fitsType(type, item))) return { kind: 'none', field };
    return { kind: 'test', field, type, operator, value: values.join(','), values };
  }
  if (!fitsType(type, value)) return { kind: 'none', field };
  const normalised = type === 'boolean' ? value.toLowerCase() : value;
  return { kind: 'test', field, type, operator, value: normalised, values: [normalised] };
}
