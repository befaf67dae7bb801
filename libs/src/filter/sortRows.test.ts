import { describe, expect, it } from 'vitest';
import { sortRows } from './sortRows';

const rows = [
  { id: 1, name: 'unit 10', n: 3 },
  { id: 2, name: null, n: 1 },
  { id: 3, name: 'Unit 2', n: null },
  { id: 4, name: 'apple', n: 2 },
];

describe('sortRows', () => {
  it('sorts text case-insensitively in natural order with empty values last', () => {
    expect(sortRows(rows, [{ field: 'name', order: 'asc' }]).map((r) => r.id)).toEqual([4, 3, 1, 2]);
  });
  it('puts empty values first when descending, as PostgreSQL does', () => {
    expect(sortRows(rows, [{ field: 'n', order: 'desc' }]).map((r) => r.id)).toEqual([3, 1, 4, 2]);
  });
  it('uses later keys for ties and keeps the input order otherwise', () => {
    const tied = [
      { id: 1, a: 'x', b: 2 },
      { id: 2, a: 'x', b: 1 },
      { id: 3, a: 'y', b: 1 },
    ];
    expect(sortRows(tied, [{ field: 'a', order: 'asc' }, { field: 'b', order: 'asc' }]).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(tied, []).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
