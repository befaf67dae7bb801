import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchList, tableRef } from '@steward/libs/data';
import { filterRows } from './evaluateFilter';
import { FILTER_OPERATORS, type FieldTypes, type FilterNode } from './filterModel';
import { DEMO_ORG, signedInClient } from '../data/stackFixtures.testUtil';

/**
 * The property the filter model rests on: for any filter tree, PostgREST (through the compiler) and
 * the in-memory evaluator select the same rows. Rows and filters are random, over an alphabet that
 * includes everything the compiler must quote or escape.
 */

type Probe = { id: string; name: string; description: string | null; nickname: string | null; food_bev_notes: string | null; date_of_birth: string | null };

const contacts = tableRef<Probe>('crm', 'contacts');
const TEXT_FIELDS = ['name', 'description', 'nickname', 'food_bev_notes'] as const;
const FIELD_TYPES: FieldTypes = { date_of_birth: 'date' };
// Letters in both cases (ASCII and Latin-1, which PostgreSQL and JavaScript fold alike), digits and
// every character with a meaning to PostgREST, LIKE or regular expressions.
const ALPHABET = [...'aAbBcCxXyYzZéÉñÑ019 ', ',', '(', ')', '.', ':', '"', "'", '\\', '%', '_', '*', '^', '$', '[', ']', '{', '}', '|', '?', '+', '-'];
const charArb = fc.constantFrom(...ALPHABET);
const textArb = fc.string({ unit: charArb, maxLength: 10 });
const optionalTextArb = fc.oneof(textArb, fc.constant(''), fc.constant(null));
const dateArb = fc.option(fc.constantFrom('1980-02-29', '1991-07-04', '2001-12-31'), { nil: null });

const rowArb = fc.record({
  name: textArb.map((text) => `P${text}`),
  description: optionalTextArb,
  nickname: optionalTextArb,
  food_bev_notes: optionalTextArb,
  date_of_birth: dateArb,
});

let client: SupabaseClient;
const marker = `filter-probe-${randomUUID()}`;
let rows: Probe[] = [];

beforeAll(async () => {
  client = await signedInClient();
  const generated = fc.sample(rowArb, { numRuns: 48, seed: 20260301 });
  const { data, error } = await client
    .schema('crm')
    .from('contacts')
    .insert(generated.map((row) => ({ ...row, activities_notes: marker, org_name: DEMO_ORG })))
    .select('id, name, description, nickname, food_bev_notes, date_of_birth');
  if (error) throw new Error(error.message);
  rows = data as Probe[];
});

afterAll(async () => {
  await client?.schema('crm').from('contacts').delete().eq('activities_notes', marker);
});

function valueArb(): fc.Arbitrary<string> {
  // Pieces of stored values (so filters hit rows), changed case, random text, blanks and dates.
  const stored = rows.flatMap((row) => TEXT_FIELDS.map((field) => row[field] ?? '')).filter(Boolean);
  const piece = fc.constantFrom(...stored).chain((text) =>
    fc.tuple(fc.nat(text.length), fc.nat(text.length), fc.boolean()).map(([a, b, upper]) => {
      const part = text.slice(Math.min(a, b), Math.max(a, b) + 1);
      return upper ? part.toUpperCase() : part.toLowerCase();
    }),
  );
  return fc.oneof({ weight: 4, arbitrary: piece }, { weight: 2, arbitrary: textArb }, { weight: 1, arbitrary: fc.constantFrom('', '  ', '1991-07-04', 'not-a-date') });
}

function treeArb(): fc.Arbitrary<FilterNode> {
  const condition = fc.record({
    field: fc.constantFrom(...TEXT_FIELDS, 'date_of_birth'),
    operator: fc.constantFrom(...FILTER_OPERATORS),
    value: valueArb(),
  });
  const { node } = fc.letrec<{ node: FilterNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      condition,
      fc.record({ operator: fc.constantFrom('and' as const, 'or' as const), value: fc.array(tie('node'), { maxLength: 4 }) }),
    ),
  }));
  return node;
}

const ids = (list: readonly { id: string }[]) => list.map((row) => row.id).sort();

describe('filter: PostgREST and the in-memory evaluator agree', () => {
  it('on random rows and random filter trees', async () => {
    expect(rows).toHaveLength(48);
    await fc.assert(
      fc.asyncProperty(treeArb(), async (tree) => {
        const server = await fetchList(client, contacts, {
          select: 'id',
          eq: { activities_notes: marker },
          filter: tree,
          fieldTypes: FIELD_TYPES,
          pageSize: 200,
        });
        expect(ids(server.rows)).toEqual(ids(filterRows(rows, tree, FIELD_TYPES)));
      }),
      { numRuns: 150, seed: 4242 },
    );
  });

  it('with quoting-heavy values the panel produces', async () => {
    const tricky = rows.find((row) => /[,()"\\%_*]/.test(row.name)) ?? rows[0];
    expect(tricky).toBeDefined();
    for (const operator of FILTER_OPERATORS) {
      const tree: FilterNode = { operator: 'or', value: [{ operator: 'and', value: [{ field: 'name', operator, value: tricky?.name ?? '' }] }] };
      const server = await fetchList(client, contacts, { select: 'id', eq: { activities_notes: marker }, filter: tree });
      expect(ids(server.rows)).toEqual(ids(filterRows(rows, tree)));
    }
  });
});
