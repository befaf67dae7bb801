import { fieldValue, isFilterGroup, type FieldTypes, type FilterNode } from './filterModel';
import { conditionMeaning, type ConditionMeaning } from './filterSemantics';

type Cell = unknown;

function cellText(cell: Cell): string | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean' || typeof cell === 'bigint') return String(cell);
  if (cell instanceof Date) return cell.toISOString();
  return JSON.stringify(cell);
}

function testCell(meaning: Extract<ConditionMeaning, { kind: 'test' }>, cell: Cell): boolean {
  const { operator, type, value, values } = meaning;
  if (type === 'multi_choice') {
    // A multiple choice's value is a list of choice ids; empty is no list or an empty one.
    const held = Array.isArray(cell) ? cell.map(String) : [];
    if (operator === 'is_empty') return held.length === 0;
    if (operator === 'is_not_empty') return held.length > 0;
    if (operator === 'has_all') return values.every((item) => held.includes(item));
    const any = values.some((item) => held.includes(item));
    return operator === 'has_none' ? !any : any;
  }
  const text = cellText(cell);
  if (operator === 'is_empty') return text === null || (type === 'text' && text === '');
  if (operator === 'is_not_empty') return text !== null && (type !== 'text' || text !== '');
  if (text === null) return operator === 'is_not' || operator === 'not_contains' || operator === 'none_of';
  // Numbers compare as numbers, dates as their YYYY-MM-DD text.
  const order = (a: string, b: string) => (type === 'number' ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0);
  switch (operator) {
    case 'gt':
      return order(text, value) > 0;
    case 'gte':
      return order(text, value) >= 0;
    case 'lt':
      return order(text, value) < 0;
    case 'lte':
      return order(text, value) <= 0;
    case 'between':
      return order(text, values[0]!) >= 0 && order(text, values[1]!) <= 0;
    case 'any_of':
      return values.includes(text);
    case 'none_of':
      return !values.includes(text);
    default:
      break;
  }
  let equal: boolean;
  switch (type) {
    case 'number':
      equal = Number(text) === Number(value);
      break;
    case 'boolean':
      equal = text.toLowerCase() === value;
      break;
    case 'date':
    case 'choice':
    case 'link':
      equal = text === value;
      break;
    default: {
      const haystack = text.toLowerCase();
      const needle = value.toLowerCase();
      if (operator === 'contains') return haystack.includes(needle);
      if (operator === 'not_contains') return !haystack.includes(needle);
      equal = haystack === needle;
    }
  }
  return operator === 'is' ? equal : !equal;
}

/** The in-memory twin of compileFilterToPostgrest: selects the same rows the database would. */
export function evaluateFilter(node: FilterNode | null, row: Readonly<Record<string, unknown>>, fieldTypes: FieldTypes = {}): boolean {
  if (!node) return true;
  if (isFilterGroup(node)) {
    if (node.value.length === 0) return true;
    return node.operator === 'and'
      ? node.value.every((child) => evaluateFilter(child, row, fieldTypes))
      : node.value.some((child) => evaluateFilter(child, row, fieldTypes));
  }
  const meaning = conditionMeaning(node, fieldTypes);
  if (meaning.kind === 'all') return true;
  if (meaning.kind === 'none') return false;
  return testCell(meaning, fieldValue(row, meaning.field));
}

export function filterRows<Row extends Readonly<Record<string, unknown>>>(rows: readonly Row[], node: FilterNode | null, fieldTypes: FieldTypes = {}): Row[] {
  if (!node) return [...rows];
  return rows.filter((row) => evaluateFilter(node, row, fieldTypes));
}
