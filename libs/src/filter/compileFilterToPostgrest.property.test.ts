import fc from 'fast-check';
import { compileFilterToPostgrest } from './compileFilterToPostgrest';
import { FILTER_OPERATORS, type FieldTypes, type FilterNode } from './filterModel';

/** Bounded in `npm test`; `npm run bench` runs more (STEWARD_PROPERTY_RUNS). */
const RUNS = Number(process.env.STEWARD_PROPERTY_RUNS ?? 300);

const FIELD_TYPES: FieldTypes = { name: 'text', status: 'text', amount: 'number', active: 'boolean', due: 'date' };
const FIELDS = Object.keys(FIELD_TYPES);
const OPERATORS = new Set(['is', 'eq', 'neq', 'ilike', 'imatch', 'gt', 'gte', 'lt', 'lte']);

/** Values built to break out of a PostgREST logic tree: quotes, backslashes, commas, parentheses, other columns. */
const hostileValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: fc.constantFrom('"', '\\', ',', '(', ')', '.', '*', '%', '_', ':', ' ', 'org_name', 'eq', 'or(', 'null', '1', 'true', '-'), maxLength: 16 }),
  fc.constantFrom('),org_name.neq.x', '"),or(org_name.not.is.null', '\\"),and(id.gt.0', '2024-01-01', '42', 'TRUE'),
);

const condition = fc.record({ field: fc.constantFrom(...FIELDS), operator: fc.constantFrom(...FILTER_OPERATORS), value: fc.option(hostileValue, { nil: undefined }) });
const { tree } = fc.letrec<{ tree: FilterNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.record({ operator: fc.constantFrom('and' as const, 'or' as const), value: fc.array(tie('tree'), { maxLength: 4 }) }),
  ),
}));

type Leaf = { field: string; operator: string; value: string };

/**
 * A reader of PostgREST's logic-tree syntax (`a.eq."x",and(b.is.null,c.neq."y")`): every leaf with its
 * field, operator and value; throws when the text is not one well-formed list.
 */
function parseLogicList(text: string): Leaf[] {
  let i = 0;
  const leaves: Leaf[] = [];
  const expect = (char: string) => {
    if (text[i] !== char) throw new Error(`expected ${char} at ${i} in ${text}`);
    i += 1;
  };
  const word = () => {
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (!match) throw new Error(`expected a name at ${i} in ${text}`);
    i += match[0].length;
    return match[0];
  };
  const value = () => {
    if (text[i] !== '"') return word();
    i += 1;
    let out = '';
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i += 1;
      if (i >= text.length) throw new Error(`unterminated escape in ${text}`);
      out += text[i];
      i += 1;
    }
    expect('"');
    return out;
  };
  const item = () => {
    const name = word();
    if ((name === 'and' || name === 'or') && text[i] === '(') {
      i += 1;
      list();
      expect(')');
      return;
    }
    expect('.');
    let operator = word();
    if (operator === 'not') {
      expect('.');
      operator = word();
    }
    expect('.');
    leaves.push({ field: name, operator, value: value() });
  };
  const list = () => {
    item();
    while (text[i] === ',') {
      i += 1;
      item();
    }
  };
  list();
  if (i !== text.length) throw new Error(`trailing text at ${i} in ${text}`);
  return leaves;
}

describe('compileFilterToPostgrest under arbitrary input (property)', () => {
  it('yields one well-formed logic tree over the filtered fields only: no value escapes its quotes', () => {
    let cases = 0;
    let compiled = 0;
    fc.assert(
      fc.property(tree, (node) => {
        cases += 1;
        const text = compileFilterToPostgrest(node, FIELD_TYPES);
        if (text === null) return;
        compiled += 1;
        const leaves = parseLogicList(text);
        expect(leaves.length).toBeGreaterThan(0);
        for (const leaf of leaves) {
          expect(FIELDS).toContain(leaf.field);
          expect(OPERATORS.has(leaf.operator), leaf.operator).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
    console.log(`filter compiler property: ${cases} cases, ${compiled} compiled to a PostgREST logic tree`);
    expect(cases).toBe(RUNS);
    expect(compiled).toBeGreaterThan(0);
  });

  it('keeps a hostile text value as data: the quoted value reads back as the (escaped) pattern', () => {
    let cases = 0;
    fc.assert(
      fc.property(hostileValue.filter((v) => v.trim() !== '' && !v.includes('*')), (value) => {
        cases += 1;
        const text = compileFilterToPostgrest({ field: 'name', operator: 'contains', value }, FIELD_TYPES);
        const leaves = parseLogicList(text ?? '');
        expect(leaves).toHaveLength(1);
        const pattern = leaves[0]?.value ?? '';
        // Unescape LIKE's own backslashes: what is left between the wildcards is the trimmed value.
        expect(pattern.slice(1, -1).replace(/\\(.)/g, '$1')).toBe(value.trim());
      }),
      { numRuns: RUNS },
    );
    console.log(`filter compiler value property: ${cases} cases`);
  });
});
