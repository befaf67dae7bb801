import { describe, expect, it } from 'vitest';
import { evaluateFilter, filterRows } from './evaluateFilter';
import type { FilterNode, FilterOperator } from './filterModel';

const c = (field: string, operator: FilterOperator, value?: string): FilterNode => ({ field, operator, value });
const rows = [
  { id: 1, name: 'Acme Corp', city: 'New York', status: 'Active', amount: 10, paid: true, date: '2026-01-31' },
  { id: 2, name: 'acme, inc. (west)', city: '', status: 'Inactive - Other', amount: 12.5, paid: false, date: null },
  { id: 3, name: '100% Organic_Farm', city: null, status: null, amount: null, paid: null, date: '2026-02-01' },
];
const ids = (node: FilterNode | null, types = {}) => filterRows(rows, node, types).map((r) => r.id);

describe('evaluateFilter', () => {
  it('"is" compares whole values case-insensitively', () => {
    expect(ids(c('name', 'is', 'ACME CORP'))).toEqual([1]);
    expect(ids(c('status', 'is', 'active'))).toEqual([1]);
  });

  it('"is not" keeps rows without a value', () => {
    expect(ids(c('status', 'is_not', 'ACTIVE'))).toEqual([2, 3]);
  });

  it('"contains" and "does not contain" are case-insensitive substring tests; % and _ are plain characters', () => {
    expect(ids(c('name', 'contains', 'ACME'))).toEqual([1, 2]);
    expect(ids(c('name', 'contains', '0% o'))).toEqual([3]);
    expect(ids(c('name', 'contains', '_f'))).toEqual([3]);
    expect(ids(c('name', 'not_contains', 'acme'))).toEqual([3]);
    expect(ids(c('city', 'not_contains', 'york'))).toEqual([2, 3]);
  });

  it('"is empty" matches null and the empty string; "is not empty" the rest', () => {
    expect(ids(c('city', 'is_empty'))).toEqual([2, 3]);
    expect(ids(c('city', 'is_not_empty'))).toEqual([1]);
  });

  it('a blank value matches everything', () => {
    expect(ids(c('name', 'is', ''))).toEqual([1, 2, 3]);
    expect(ids(c('name', 'not_contains', '  '))).toEqual([1, 2, 3]);
    expect(ids(null)).toEqual([1, 2, 3]);
  });

  it('AND-groups combine with OR', () => {
    const tree: FilterNode = {
      operator: 'or',
      value: [
        { operator: 'and', value: [c('name', 'contains', 'acme'), c('city', 'is_empty')] },
        { operator: 'and', value: [c('status', 'is_empty')] },
      ],
    };
    expect(ids(tree)).toEqual([2, 3]);
  });

  it('number, boolean and date columns compare exactly', () => {
    const types = { amount: 'number', paid: 'boolean', date: 'date' } as const;
    expect(ids(c('amount', 'is', '12.50'), types)).toEqual([2]);
    expect(ids(c('amount', 'is_not', '10'), types)).toEqual([2, 3]);
    expect(ids(c('paid', 'is', 'True'), types)).toEqual([1]);
    expect(ids(c('paid', 'is_not', 'true'), types)).toEqual([2, 3]);
    expect(ids(c('date', 'is', '2026-02-01'), types)).toEqual([3]);
    expect(ids(c('amount', 'is', 'ten'), types)).toEqual([]);
    expect(ids(c('amount', 'contains', '1'), types)).toEqual([]);
    expect(ids(c('amount', 'is_empty'), types)).toEqual([3]);
  });

  it('an empty group matches everything', () => {
    expect(evaluateFilter({ operator: 'or', value: [] }, rows[0] ?? {})).toBe(true);
  });
});
