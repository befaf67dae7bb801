import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FILTER_URL_NOTICE,
  SORT_URL_NOTICE,
  decodeFilterParam,
  decodeSortParam,
  encodeFilterParam,
  encodeSortParam,
} from './filterUrlCodec';
import { FILTER_OPERATORS, type FilterFieldDef } from './filterModel';
import { filterRowsToTree } from './filterPanelRows';

const fields: FilterFieldDef[] = [
  { field: 'name', label: 'Name' },
  { field: 'amount', label: 'Amount', type: 'number' },
];

describe('filter URL parameter', () => {
  it('encodes the panel shape compactly', () => {
    const tree = filterRowsToTree([
      { join: 'and', field: 'name', operator: 'contains', value: 'a,b' },
      { join: 'or', field: 'amount', operator: 'is_empty', value: '' },
    ]);
    expect(encodeFilterParam(tree)).toBe('[[["name","contains","a,b"]],[["amount","is_empty"]]]');
  });

  it('decodes what it encodes', () => {
    const rowArb = fc.record({
      join: fc.constantFrom('and' as const, 'or' as const),
      field: fc.constantFrom('name', 'city'),
      operator: fc.constantFrom(...FILTER_OPERATORS),
      value: fc.string({ maxLength: 20 }),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 6 }), (rows) => {
        const cleaned = rows.map((r) => (r.operator === 'is_empty' || r.operator === 'is_not_empty' ? { ...r, value: '' } : r));
        const tree = filterRowsToTree(cleaned);
        expect(decodeFilterParam(encodeFilterParam(tree))).toEqual({ filter: tree, notice: null });
      }),
    );
  });

  it('accepts a full tree for shapes the compact form cannot hold', () => {
    const tree = { operator: 'and' as const, value: [{ operator: 'or' as const, value: [{ field: 'name', operator: 'is' as const, value: 'x' }] }] };
    expect(decodeFilterParam(encodeFilterParam(tree))).toEqual({ filter: tree, notice: null });
  });

  it.each([
    ['not json', '{oops'],
    ['wrong shape', '{"a":1}'],
    ['unknown operator', '[[["name","like","x"]]]'],
    ['unsafe column name', '[[["name);drop","is","x"]]]'],
    ['empty group list', '[]'],
  ])('gives the full list and a notice for a malformed link (%s)', (_label, raw) => {
    expect(decodeFilterParam(raw)).toEqual({ filter: null, notice: FILTER_URL_NOTICE });
  });

  it('rejects columns the page does not offer and operators their type lacks', () => {
    expect(decodeFilterParam('[[["secret","is","x"]]]', fields).notice).toBe(FILTER_URL_NOTICE);
    expect(decodeFilterParam('[[["amount","contains","1"]]]', fields).notice).toBe(FILTER_URL_NOTICE);
    expect(decodeFilterParam('[[["amount","is","1"]]]', fields).notice).toBeNull();
  });

  it('no parameter means no filter and no notice', () => {
    expect(decodeFilterParam(null)).toEqual({ filter: null, notice: null });
  });
});

describe('sort URL parameter', () => {
  it('round-trips with a minus for descending', () => {
    const sort = [{ field: 'name', order: 'asc' as const }, { field: 'created_at', order: 'desc' as const }];
    expect(encodeSortParam(sort)).toBe('name,-created_at');
    expect(decodeSortParam('name,-created_at')).toEqual({ sort, notice: null });
  });

  it('refuses unknown or unsafe columns with a notice', () => {
    expect(decodeSortParam('name', ['name'])).toEqual({ sort: [{ field: 'name', order: 'asc' }], notice: null });
    expect(decodeSortParam('secret', ['name'])).toEqual({ sort: null, notice: SORT_URL_NOTICE });
    expect(decodeSortParam('a.b')).toEqual({ sort: null, notice: SORT_URL_NOTICE });
  });
});
