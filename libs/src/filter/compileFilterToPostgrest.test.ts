import { describe, expect, it } from 'vitest';
import { compileFilterToPostgrest, escapeLikePattern, quotePostgrestValue } from './compileFilterToPostgrest';
import type { FilterNode, FilterOperator } from './filterModel';

const c = (field: string, operator: FilterOperator, value?: string): FilterNode =>
  value === undefined ? { field, operator } : { field, operator, value };

describe('compileFilterToPostgrest', () => {
  it('pins the string for each operator on a text column', () => {
    expect(compileFilterToPostgrest(c('name', 'is', 'Acme'))).toBe('name.ilike."Acme"');
    expect(compileFilterToPostgrest(c('name', 'is_not', 'Acme'))).toBe('name.is.null,name.not.ilike."Acme"');
    expect(compileFilterToPostgrest(c('name', 'contains', 'cm'))).toBe('name.ilike."*cm*"');
    expect(compileFilterToPostgrest(c('name', 'not_contains', 'cm'))).toBe('name.is.null,name.not.ilike."*cm*"');
    expect(compileFilterToPostgrest(c('name', 'is_empty'))).toBe('name.is.null,name.eq.""');
    expect(compileFilterToPostgrest(c('name', 'is_not_empty'))).toBe('name.neq.""');
  });

  it('treats a blank value as matching everything, so no parameter is sent', () => {
    expect(compileFilterToPostgrest(c('name', 'is', ''))).toBeNull();
    expect(compileFilterToPostgrest(c('name', 'contains', '   '))).toBeNull();
    expect(compileFilterToPostgrest(c('name', 'not_contains'))).toBeNull();
    expect(compileFilterToPostgrest(null)).toBeNull();
    expect(compileFilterToPostgrest({ operator: 'and', value: [] })).toBeNull();
  });

  it('trims the value', () => {
    expect(compileFilterToPostgrest(c('name', 'is', '  Acme '))).toBe('name.ilike."Acme"');
  });

  it('quotes commas, parentheses, dots, colons and double quotes as data', () => {
    expect(compileFilterToPostgrest(c('name', 'is', 'Smith, John (Jr.): "JJ"'))).toBe('name.ilike."Smith, John (Jr.): \\"JJ\\""');
  });

  it('escapes LIKE wildcards so % and _ match themselves, and doubles backslashes for the quoting', () => {
    expect(compileFilterToPostgrest(c('name', 'contains', '100%'))).toBe('name.ilike."*100\\\\%*"');
    expect(compileFilterToPostgrest(c('name', 'is', 'a_b'))).toBe('name.ilike."a\\\\_b"');
    expect(compileFilterToPostgrest(c('name', 'is', 'C:\\dir'))).toBe('name.ilike."C:\\\\\\\\dir"');
  });

  it('switches to a case-insensitive regular expression when the value contains *', () => {
    expect(compileFilterToPostgrest(c('name', 'contains', 'a*b'))).toBe('name.imatch."a\\\\*b"');
    expect(compileFilterToPostgrest(c('name', 'is', '*(x)'))).toBe('name.imatch."^\\\\*\\\\(x\\\\)$"');
    expect(compileFilterToPostgrest(c('name', 'not_contains', '*'))).toBe('name.is.null,name.not.imatch."\\\\*"');
  });

  it('compiles OR-of-AND groups, the shape the filter panel produces', () => {
    const tree: FilterNode = {
      operator: 'or',
      value: [
        { operator: 'and', value: [c('status', 'is', 'Active'), c('city', 'contains', 'york')] },
        { operator: 'and', value: [c('name', 'is_empty')] },
      ],
    };
    expect(compileFilterToPostgrest(tree)).toBe('and(status.ilike."Active",city.ilike."*york*"),or(name.is.null,name.eq."")');
  });

  it('wraps a top-level AND so it can be sent through .or()', () => {
    const tree: FilterNode = { operator: 'and', value: [c('a', 'is', 'x'), c('b', 'is', 'y')] };
    expect(compileFilterToPostgrest(tree)).toBe('and(a.ilike."x",b.ilike."y")');
  });

  it('drops blank conditions inside AND, and an OR with a blank branch matches everything', () => {
    expect(compileFilterToPostgrest({ operator: 'and', value: [c('a', 'is', ''), c('b', 'is', 'y')] })).toBe('b.ilike."y"');
    expect(compileFilterToPostgrest({ operator: 'or', value: [c('a', 'is', ''), c('b', 'is', 'y')] })).toBeNull();
  });

  it('uses exact comparisons on number, boolean and date columns', () => {
    const types = { amount: 'number', paid: 'boolean', date: 'date' } as const;
    expect(compileFilterToPostgrest(c('amount', 'is', '12.5'), types)).toBe('amount.eq."12.5"');
    expect(compileFilterToPostgrest(c('amount', 'is_not', '3'), types)).toBe('amount.is.null,amount.neq."3"');
    expect(compileFilterToPostgrest(c('paid', 'is', 'TRUE'), types)).toBe('paid.is.true');
    expect(compileFilterToPostgrest(c('paid', 'is_not', 'false'), types)).toBe('paid.not.is.false');
    expect(compileFilterToPostgrest(c('date', 'is', '2026-01-31'), types)).toBe('date.eq."2026-01-31"');
    expect(compileFilterToPostgrest(c('amount', 'is_empty'), types)).toBe('amount.is.null');
    expect(compileFilterToPostgrest(c('amount', 'is_not_empty'), types)).toBe('amount.not.is.null');
  });

  it('selects nothing for a value the column type cannot hold, instead of a server error', () => {
    const types = { amount: 'number', date: 'date' } as const;
    expect(compileFilterToPostgrest(c('amount', 'is', 'ten'), types)).toBe('and(amount.is.null,amount.not.is.null)');
    expect(compileFilterToPostgrest(c('date', 'contains', '2026'), types)).toBe('and(date.is.null,date.not.is.null)');
  });
});

describe('quoting helpers', () => {
  it('quotePostgrestValue escapes backslash before quote', () => {
    expect(quotePostgrestValue('a\\"b')).toBe('"a\\\\\\"b"');
  });
  it('escapeLikePattern escapes %, _ and backslash only', () => {
    expect(escapeLikePattern('50%_off\\*')).toBe('50\\%\\_off\\\\*');
  });
});
