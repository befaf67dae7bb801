import { customFieldId, fieldValue, type SortSpec } from './filterModel';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareCells(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * Sorts rows held in memory. Empty values go last when ascending and first when descending, as
 * PostgreSQL orders NULLs, so a list keeps its order whether it is sorted here or by the database; an
 * organisation's field (`custom.<id>`) keeps its empty values last both ways, as list_page sorts it.
 * Text compares case-insensitively with numbers in natural order ("Unit 2" before "Unit 10").
 */
export function sortRows<Row extends Readonly<Record<string, unknown>>>(rows: readonly Row[], sort: SortSpec): Row[] {
  if (sort.length === 0) return [...rows];
  const isEmpty = (cell: unknown) => cell === null || cell === undefined;
  return [...rows].sort((left, right) => {
    for (const { field, order } of sort) {
      const a = fieldValue(left, field);
      const b = fieldValue(right, field);
      if (isEmpty(a) && isEmpty(b)) continue;
      const direction = order === 'asc' ? 1 : -1;
      // NULLS LAST for ascending and NULLS FIRST for descending: an empty value acts as the largest
      // (a custom field's: last both ways).
      const emptyAt = customFieldId(field) ? 1 : direction;
      if (isEmpty(a)) return emptyAt;
      if (isEmpty(b)) return -emptyAt;
      const result = compareCells(a, b);
      if (result !== 0) return result * direction;
    }
    return 0;
  });
}
