import { describe, expect, it } from 'vitest';
import { compileFilterToListPage } from './compileFilterToListPage';
import { compileFilterToPostgrest } from './compileFilterToPostgrest';
import { evaluateFilter } from './evaluateFilter';
import { FIELD_NAME_PATTERN, customFieldId, operatorsForType, type FieldTypes, type FilterNode } from './filterModel';
import { sortRows } from './sortRows';

// Custom fields (issue 48) filter as `custom.<field id>`: list_page compares them by type, PostgREST
// reads the key of the row's custom object, and the in-memory evaluator agrees with both.
const LEVEL = 'custom.11111111-1111-4111-8111-111111111111';
const WAIVER = 'custom.22222222-2222-4222-8222-222222222222';
const DIET = 'custom.44444444-4444-4444-8444-444444444444';
const AGE = 'custom.55555555-5555-4555-8555-555555555555';
const NOTE = 'custom.66666666-6666-4666-8666-666666666666';
const BEGINNER = 'aaaaaaaa-0000-4000-8000-000000000001';
const EXPERT = 'aaaaaaaa-0000-4000-8000-000000000003';
const VEGAN = 'bbbbbbbb-0000-4000-8000-000000000001';
const NUTS = 'bbbbbbbb-0000-4000-8000-000000000002';
const TYPES: FieldTypes = { [LEVEL]: 'choice', [WAIVER]: 'date', [DIET]: 'multi_choice', [AGE]: 'number', [NOTE]: 'text' };

const id = (field: string) => customFieldId(field)!;
const row = (custom: Record<string, unknown>) => ({ id: 'r', name: 'Row', custom });

describe('custom field names', () => {
  it('are custom.<uuid>, nothing else with a dot', () => {
    expect(FIELD_NAME_PATTERN.test(LEVEL)).toBe(true);
    expect(FIELD_NAME_PATTERN.test('custom.not-a-uuid')).toBe(false);
    expect(FIELD_NAME_PATTERN.test('org_name.neq')).toBe(false);
    expect(customFieldId(LEVEL)).toBe('11111111-1111-4111-8111-111111111111');
    expect(customFieldId('name')).toBeNull();
  });

  it('offer the operators that fit their type', () => {
    expect(operatorsForType('choice')).toEqual(['is', 'is_not', 'any_of', 'none_of', 'is_empty', 'is_not_empty']);
    expect(operatorsForType('multi_choice')).toEqual(['has_any', 'has_all', 'has_none', 'is_empty', 'is_not_empty']);
    expect(operatorsForType('date')).toContain('between');
    expect(operatorsForType('text')).toEqual(['is', 'is_not', 'contains', 'not_contains', 'is_empty', 'is_not_empty']);
  });
});

describe('compileFilterToListPage with custom fields', () => {
  it('passes typed conditions through, list operators as arrays, and/or kept', () => {
    const tree: FilterNode = {
      operator: 'or',
      value: [
        { operator: 'and', value: [{ field: LEVEL, operator: 'any_of', value: `${BEGINNER}, ${EXPERT}` }, { field: WAIVER, operator: 'between', value: '2027-01-01,2027-12-31' }] },
        { field: DIET, operator: 'has_none', value: VEGAN },
        { field: AGE, operator: 'gte', value: ' 18 ' },
        { field: NOTE, operator: 'is_empty' },
      ],
    };
    expect(compileFilterToListPage(tree, TYPES)).toEqual({
      or: [
        { and: [{ field: LEVEL, op: 'any_of', value: [BEGINNER, EXPERT] }, { field: WAIVER, op: 'between', value: ['2027-01-01', '2027-12-31'] }] },
        { field: DIET, op: 'has_none', value: [VEGAN] },
        { field: AGE, op: 'gte', value: '18' },
        { field: NOTE, op: 'is_empty' },
      ],
    });
  });

  it('treats a value the type cannot hold as selecting nothing, and a blank one as everything', () => {
    expect(compileFilterToListPage({ field: WAIVER, operator: 'gt', value: 'soon' }, TYPES)).toBeNull();
    expect(compileFilterToListPage({ field: WAIVER, operator: 'between', value: '2027-01-01' }, TYPES)).toBeNull();
    expect(compileFilterToListPage({ field: DIET, operator: 'is', value: VEGAN }, TYPES)).toBeNull();
    expect(compileFilterToListPage({ field: LEVEL, operator: 'any_of', value: ' , ' }, TYPES)).toEqual({ and: [] });
  });
});

describe('compileFilterToPostgrest with custom fields', () => {
  it('reads the key of custom: text with ->>, numbers and lists with ->', () => {
    expect(compileFilterToPostgrest({ field: LEVEL, operator: 'any_of', value: `${BEGINNER},${EXPERT}` }, TYPES)).toBe(`custom->>${id(LEVEL)}.in.("${BEGINNER}","${EXPERT}")`);
    expect(compileFilterToPostgrest({ field: AGE, operator: 'gt', value: '17' }, TYPES)).toBe(`custom->${id(AGE)}.gt."17"`);
    expect(compileFilterToPostgrest({ field: WAIVER, operator: 'between', value: '2027-01-01,2027-12-31' }, TYPES)).toBe(
      `and(custom->>${id(WAIVER)}.gte."2027-01-01",custom->>${id(WAIVER)}.lte."2027-12-31")`,
    );
    expect(compileFilterToPostgrest({ field: DIET, operator: 'has_all', value: `${VEGAN},${NUTS}` }, TYPES)).toBe(`custom->${id(DIET)}.cs."[\\"${VEGAN}\\",\\"${NUTS}\\"]"`);
    expect(compileFilterToPostgrest({ field: DIET, operator: 'has_none', value: VEGAN }, TYPES)).toBe(`custom->${id(DIET)}.is.null,custom->${id(DIET)}.not.cs."[\\"${VEGAN}\\"]"`);
    expect(compileFilterToPostgrest({ field: NOTE, operator: 'contains', value: 'kay' }, TYPES)).toBe(`custom->>${id(NOTE)}.ilike."*kay*"`);
    expect(compileFilterToPostgrest({ field: WAIVER, operator: 'gt', value: 'soon' }, TYPES)).toBe(`and(custom->>${id(WAIVER)}.is.null,custom->>${id(WAIVER)}.not.is.null)`);
  });
});

describe('evaluateFilter and sortRows with custom fields', () => {
  const rows = [
    row({ [id(LEVEL)]: BEGINNER, [id(DIET)]: [VEGAN, NUTS], [id(AGE)]: 40, [id(WAIVER)]: '2027-03-01' }),
    row({ [id(LEVEL)]: EXPERT, [id(DIET)]: [NUTS], [id(AGE)]: 9 }),
    row({}),
  ];
  const matching = (node: FilterNode) => rows.map((r) => evaluateFilter(node, r, TYPES));

  it('match as list_page does: empty counts for none_of and has_none, not for any_of', () => {
    expect(matching({ field: LEVEL, operator: 'any_of', value: BEGINNER })).toEqual([true, false, false]);
    expect(matching({ field: LEVEL, operator: 'none_of', value: BEGINNER })).toEqual([false, true, true]);
    expect(matching({ field: DIET, operator: 'has_all', value: `${VEGAN},${NUTS}` })).toEqual([true, false, false]);
    expect(matching({ field: DIET, operator: 'has_any', value: `${VEGAN},${NUTS}` })).toEqual([true, true, false]);
    expect(matching({ field: DIET, operator: 'has_none', value: VEGAN })).toEqual([false, true, true]);
    expect(matching({ field: DIET, operator: 'is_empty' })).toEqual([false, false, true]);
    expect(matching({ field: AGE, operator: 'between', value: '10,50' })).toEqual([true, false, false]);
    expect(matching({ field: AGE, operator: 'lt', value: '10' })).toEqual([false, true, false]);
    expect(matching({ field: WAIVER, operator: 'gte', value: '2027-01-01' })).toEqual([true, false, false]);
  });

  it('sort by a custom value, empty last both ways (as list_page sorts it from the sort keys)', () => {
    expect(sortRows(rows, [{ field: AGE, order: 'asc' }]).map((r) => r.custom[id(AGE)] ?? null)).toEqual([9, 40, null]);
    expect(sortRows(rows, [{ field: AGE, order: 'desc' }]).map((r) => r.custom[id(AGE)] ?? null)).toEqual([40, 9, null]);
  });
});
