import { customFieldId, isFilterGroup, LIST_OPERATORS, type FieldTypes, type FilterNode } from './filterModel';
import { conditionMeaning } from './filterSemantics';

/**
 * A list filter as public.list_page reads it: conditions joined by and/or. Columns take text conditions
 * (case ignored); custom fields (`custom.<field id>`) every operator their type takes, a list operator's
 * value as an array (choice ids, or the two ends of `between`).
 */
export type ListPageFilter = { and: ListPageFilter[] } | { or: ListPageFilter[] } | { field: string; op: string; value?: string | string[] };

type Compiled = { kind: 'all' } | { kind: 'none' } | { kind: 'expr'; filter: ListPageFilter };

function compileNode(node: FilterNode, fieldTypes: FieldTypes): Compiled | null {
  if (isFilterGroup(node)) {
    const parts: Compiled[] = [];
    for (const child of node.value) {
      const part = compileNode(child, fieldTypes);
      if (part === null) return null;
      parts.push(part);
    }
    if (parts.length === 0) return { kind: 'all' };
    const exprs = parts.flatMap((part) => (part.kind === 'expr' ? [part.filter] : []));
    if (node.operator === 'and') {
      if (parts.some((part) => part.kind === 'none')) return { kind: 'none' };
      if (exprs.length === 0) return { kind: 'all' };
      return { kind: 'expr', filter: exprs.length === 1 ? exprs[0]! : { and: exprs } };
    }
    if (parts.some((part) => part.kind === 'all')) return { kind: 'all' };
    if (exprs.length === 0) return { kind: 'none' };
    return { kind: 'expr', filter: exprs.length === 1 ? exprs[0]! : { or: exprs } };
  }
  const meaning = conditionMeaning(node, fieldTypes);
  if (meaning.kind !== 'test') return meaning.kind === 'all' ? meaning : { kind: 'none' };
  const { field, operator, value, values } = meaning;
  // Columns: only text conditions (numbers, dates and yes/no compare by type, which the list's own
  // query does). Custom fields: list_page compares them by their type.
  const custom = customFieldId(field) !== null;
  if (meaning.type !== 'text' && !custom) return null;
  if (operator === 'is_empty' || operator === 'is_not_empty') return { kind: 'expr', filter: { field, op: operator } };
  return { kind: 'expr', filter: { field, op: operator, value: custom && LIST_OPERATORS.includes(operator) ? values : value } };
}

/**
 * The filter tree for public.list_page, meaning exactly what compileFilterToPostgrest's parameter
 * means (same trimming, blanks match everything, case ignored, LIKE characters literal), or null
 * when the tree holds a condition it does not take (not text) or selects no row: the list then
 * sends its own query. A tree that selects every row gives { and: [] }.
 */
export function compileFilterToListPage(node: FilterNode | null, fieldTypes: FieldTypes = {}): ListPageFilter | null {
  if (!node) return { and: [] };
  const compiled = compileNode(node, fieldTypes);
  if (compiled === null || compiled.kind === 'none') return null;
  return compiled.kind === 'all' ? { and: [] } : compiled.filter;
}
