import { describe, expect, it } from 'vitest';
import { compileFilterToListPage } from './compileFilterToListPage';

describe('compileFilterToListPage', () => {
  it('keeps text conditions and their and/or shape, values trimmed', () => {
    expect(
      compileFilterToListPage({
        operator: 'or',
        value: [
          { operator: 'and', value: [{ field: 'name', operator: 'contains', value: ' smi ' }, { field: 'city', operator: 'is_not', value: 'Oslo' }] },
          { field: 'email', operator: 'is_not_empty' },
        ],
      }),
    ).toEqual({ or: [{ and: [{ field: 'name', op: 'contains', value: 'smi' }, { field: 'city', op: 'is_not', value: 'Oslo' }] }, { field: 'email', op: 'is_not_empty' }] });
  });

  it('drops blank conditions as the list query does: an AND without them, an OR holding one matches everything', () => {
    expect(compileFilterToListPage(null)).toEqual({ and: [] });
    expect(compileFilterToListPage({ operator: 'and', value: [{ field: 'name', operator: 'contains', value: '  ' }, { field: 'city', operator: 'is', value: 'Oslo' }] })).toEqual({
      field: 'city',
      op: 'is',
      value: 'Oslo',
    });
    expect(compileFilterToListPage({ operator: 'or', value: [{ field: 'name', operator: 'contains', value: '' }, { field: 'city', operator: 'is', value: 'Oslo' }] })).toEqual({ and: [] });
  });

  it("leaves numbers, dates and yes/no, and a filter that selects nothing, to the list's own query", () => {
    expect(compileFilterToListPage({ field: 'age', operator: 'is', value: '4' }, { age: 'number' })).toBeNull();
    expect(compileFilterToListPage({ operator: 'and', value: [{ field: 'name', operator: 'contains', value: 'a' }, { field: 'born', operator: 'is', value: 'x' }] }, { born: 'date' })).toBeNull();
  });
});
