import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filterGroupsOf, filterRowsToTree, filterTreeFromGroups, filterTreeToRows, type FilterRow } from './filterPanelRows';
import { FILTER_OPERATORS } from './filterModel';

const row = (join: 'and' | 'or', field: string, value: string): FilterRow => ({ join, field, operator: 'is', value });

describe('filterRowsToTree', () => {
  it('AND joins lines into one group and OR starts a new group', () => {
    const tree = filterRowsToTree([row('and', 'a', '1'), row('and', 'b', '2'), row('or', 'c', '3'), row('and', 'd', '4')]);
    expect(tree).toEqual({
      operator: 'or',
      value: [
        { operator: 'and', value: [{ field: 'a', operator: 'is', value: '1' }, { field: 'b', operator: 'is', value: '2' }] },
        { operator: 'and', value: [{ field: 'c', operator: 'is', value: '3' }, { field: 'd', operator: 'is', value: '4' }] },
      ],
    });
  });

  it('ignores the join of the first line', () => {
    expect(filterRowsToTree([row('or', 'a', '1')])).toEqual(filterRowsToTree([row('and', 'a', '1')]));
  });

  it('gives no tree for no lines', () => {
    expect(filterRowsToTree([])).toBeNull();
  });

  it('round-trips any list of lines', () => {
    const rowArb = fc.record({
      join: fc.constantFrom('and' as const, 'or' as const),
      field: fc.constantFrom('name', 'city'),
      operator: fc.constantFrom(...FILTER_OPERATORS),
      value: fc.string(),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 8 }), (rows) => {
        const normalised = rows.map((r, i) => (i === 0 ? { ...r, join: 'and' as const } : r));
        expect(filterTreeToRows(filterRowsToTree(rows))).toEqual(normalised);
      }),
    );
  });

  it('cannot show deeper nesting as lines', () => {
    expect(filterTreeToRows({ operator: 'and', value: [{ operator: 'or', value: [] }] })).toBeNull();
  });
});

describe('the OR of AND-groups', () => {
  const a = { field: 'a', operator: 'is' as const, value: '1' };
  const b = { field: 'b', operator: 'contains' as const, value: '2' };

  it('reads one condition and one AND-group as a single group', () => {
    expect(filterGroupsOf(a)).toEqual([[a]]);
    expect(filterGroupsOf({ operator: 'and', value: [a, b] })).toEqual([[a, b]]);
    expect(filterGroupsOf(null)).toEqual([]);
  });

  it('builds no tree from no conditions and drops empty groups', () => {
    expect(filterTreeFromGroups([])).toBeNull();
    expect(filterTreeFromGroups([[], []])).toBeNull();
    expect(filterTreeFromGroups([[a], [], [b]])).toEqual({ operator: 'or', value: [{ operator: 'and', value: [a] }, { operator: 'and', value: [b] }] });
  });
});
