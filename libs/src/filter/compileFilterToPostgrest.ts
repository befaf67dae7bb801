import { customFieldId, isFilterGroup, type FieldTypes, type FilterNode } from './filterModel';
import { conditionMeaning } from './filterSemantics';

type Compiled = { kind: 'all' } | { kind: 'none'; field: string } | { kind: 'expr'; text: string };

/**
 * A value inside a PostgREST logic tree (`or=(…)`), always double-quoted so commas, dots, parentheses
 * and colons are data; PostgREST reads a backslash inside quotes as "next character literally".
 */
export function quotePostgrestValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** LIKE metacharacters; PostgREST passes the pattern to ILIKE whose escape character is backslash. */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every character with a meaning in a PostgreSQL advanced regular expression, escaped. */
export function escapeRegexPattern(value: string): string {
  return value.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);
}

/**
 * PostgREST turns every `*` of a like/ilike value into `%` and offers no escape, so a value that
 * contains `*` is matched with the case-insensitive regular expression operator instead.
 */
function patternTest(field: string, value: string, whole: boolean, negate: boolean): string {
  const not = negate ? 'not.' : '';
  if (value.includes('*')) {
    const regex = whole ? `^${escapeRegexPattern(value)}$` : escapeRegexPattern(value);
    return `${field}.${not}imatch.${quotePostgrestValue(regex)}`;
  }
  const like = whole ? escapeLikePattern(value) : `*${escapeLikePattern(value)}*`;
  return `${field}.${not}ilike.${quotePostgrestValue(like)}`;
}

function compileNode(node: FilterNode, fieldTypes: FieldTypes): Compiled {
  if (isFilterGroup(node)) {
    if (node.value.length === 0) return { kind: 'all' };
    const parts = node.value.map((child) => compileNode(child, fieldTypes));
    if (node.operator === 'and') {
      const none = parts.find((part) => part.kind === 'none');
      if (none) return none;
      const exprs = parts.filter((part): part is Extract<Compiled, { kind: 'expr' }> => part.kind === 'expr');
      if (exprs.length === 0) return { kind: 'all' };
      if (exprs.length === 1) return exprs[0] as Compiled;
      return { kind: 'expr', text: `and(${exprs.map((part) => part.text).join(',')})` };
    }
    if (parts.some((part) => part.kind === 'all')) return { kind: 'all' };
    const exprs = parts.filter((part): part is Extract<Compiled, { kind: 'expr' }> => part.kind === 'expr');
    if (exprs.length === 0) return parts[0] as Compiled;
    if (exprs.length === 1) return exprs[0] as Compiled;
    return { kind: 'expr', text: `or(${exprs.map((part) => part.text).join(',')})` };
  }
  const meaning = conditionMeaning(node, fieldTypes);
  if (meaning.kind !== 'test') return meaning;
  const { type, operator, value, values } = meaning;
  // A custom field is a key of the row's `custom` object: read as text (->>), or as JSON (->) where
  // JSON compares better (numbers as numbers, a multiple choice's list by containment).
  const id = customFieldId(meaning.field);
  const field = id === null ? meaning.field : `custom->>${id}`;
  const json = id === null ? meaning.field : `custom->${id}`;
  const text = type === 'text';
  const ordered = type === 'number' && id !== null ? json : field;
  const quoted = values.map(quotePostgrestValue);
  switch (operator) {
    case 'is_empty':
      return { kind: 'expr', text: text ? `or(${field}.is.null,${field}.eq."")` : `${field}.is.null` };
    case 'is_not_empty':
      // NULL <> '' is not true, so one comparison also excludes nulls.
      return { kind: 'expr', text: text ? `${field}.neq.""` : `${field}.not.is.null` };
    case 'contains':
      return { kind: 'expr', text: patternTest(field, value, false, false) };
    case 'not_contains':
      return { kind: 'expr', text: `or(${field}.is.null,${patternTest(field, value, false, true)})` };
    case 'is':
      if (text) return { kind: 'expr', text: patternTest(field, value, true, false) };
      if (type === 'boolean') return { kind: 'expr', text: id === null ? `${field}.is.${value}` : `${field}.eq.${value}` };
      return { kind: 'expr', text: `${ordered}.eq.${quotePostgrestValue(value)}` };
    case 'is_not':
      if (text) return { kind: 'expr', text: `or(${field}.is.null,${patternTest(field, value, true, true)})` };
      // "is not" keeps rows with no value: a user excluding one status still expects the blank ones.
      if (type === 'boolean') return { kind: 'expr', text: id === null ? `${field}.not.is.${value}` : `or(${field}.is.null,${field}.neq.${value})` };
      return { kind: 'expr', text: `or(${field}.is.null,${ordered}.neq.${quotePostgrestValue(value)})` };
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { kind: 'expr', text: `${ordered}.${operator}.${quotePostgrestValue(value)}` };
    case 'between':
      return { kind: 'expr', text: `and(${ordered}.gte.${quoted[0]},${ordered}.lte.${quoted[1]})` };
    case 'any_of':
      return { kind: 'expr', text: `${field}.in.(${quoted.join(',')})` };
    case 'none_of':
      return { kind: 'expr', text: `or(${field}.is.null,${field}.not.in.(${quoted.join(',')}))` };
    case 'has_any':
    case 'has_all':
    case 'has_none': {
      // Containment of a JSON list: every id given (has_all), or any one of them.
      if (operator === 'has_all') return { kind: 'expr', text: `${json}.cs.${quotePostgrestValue(JSON.stringify(values))}` };
      const each = values.map((item) => `${json}.cs.${quotePostgrestValue(JSON.stringify([item]))}`);
      const any = each.length === 1 ? each[0]! : `or(${each.join(',')})`;
      if (operator === 'has_any') return { kind: 'expr', text: any };
      const none = each.length === 1 ? `${json}.not.cs.${quotePostgrestValue(JSON.stringify(values))}` : `not.or(${each.join(',')})`;
      return { kind: 'expr', text: `or(${json}.is.null,${none})` };
    }
  }
}

/**
 * Compiles a filter tree to the argument of postgrest-js `.or()` (sent as `or=(…)`), or null when the
 * tree selects every row and no parameter is needed. A top-level AND becomes `and(…)` inside it.
 */
export function compileFilterToPostgrest(node: FilterNode | null, fieldTypes: FieldTypes = {}): string | null {
  if (!node) return null;
  const compiled = compileNode(node, fieldTypes);
  if (compiled.kind === 'all') return null;
  if (compiled.kind === 'none') {
    const id = customFieldId(compiled.field);
    const field = id === null ? compiled.field : `custom->>${id}`;
    return `and(${field}.is.null,${field}.not.is.null)`;
  }
  if (compiled.text.startsWith('or(')) return compiled.text.slice(3, -1);
  return compiled.text;
}
