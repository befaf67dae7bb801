import { isFilterGroup, type FieldTypes, type FilterNode } from './filterModel';
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
  const { field, type, operator, value } = meaning;
  const text = type === 'text';
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
      return { kind: 'expr', text: type === 'boolean' ? `${field}.is.${value}` : `${field}.eq.${quotePostgrestValue(value)}` };
    case 'is_not':
      if (text) return { kind: 'expr', text: `or(${field}.is.null,${patternTest(field, value, true, true)})` };
      // "is not" keeps rows with no value: a user excluding one status still expects the blank ones.
      return {
        kind: 'expr',
        text: type === 'boolean' ? `${field}.not.is.${value}` : `or(${field}.is.null,${field}.neq.${quotePostgrestValue(value)})`,
      };
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
  if (compiled.kind === 'none') return `and(${compiled.field}.is.null,${compiled.field}.not.is.null)`;
  if (compiled.text.startsWith('or(')) return compiled.text.slice(3, -1);
  return compiled.text;
}
