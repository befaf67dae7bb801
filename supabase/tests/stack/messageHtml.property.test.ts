import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from './testStack';

/**
 * A mail to many draws its text's HTML once, with a marker for each merge field, and fills the markers
 * per mail (app.message_html_template, app.message_html_filled). For any text and any values, that
 * HTML is the one app.message_html draws from the filled text, or there is none and the mail is drawn
 * whole. Bounded in `npm test`; `npm run bench` runs more (STEWARD_PROPERTY_RUNS).
 */
const RUNS = Number(process.env.STEWARD_PROPERTY_RUNS ?? 30);
/** Texts and values per run, checked in one query. */
const BATCH = 40;
const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

const FIELDS = ['first_name', 'organization.name', 'stay.check_in'] as const;

/** Pieces a text is made of: words, the marks (lists, emphasis, links), line breaks and merge fields. */
const textPiece = fc.oneof(
  fc.constantFrom('Hi ', 'the river', ' ', ', ', '.', 'Room 12'),
  fc.constantFrom('**', '_', '*', '- ', '1. ', '2) ', '[', ']', '(', ')', '](https://example.org/', '](mailto:', 'https://x.org', '/'),
  fc.constantFrom('\n', '\n\n', '\r\n', '  '),
  fc.constantFrom('&', '<b>', '"', "'"),
  fc.constantFrom(...FIELDS.map((field) => `{{${field}}}`), '{{ first_name }}'),
);
const text = fc.array(textPiece, { maxLength: 24 }).map((pieces) => pieces.join(''));

/** Values as records hold them: names, dates, addresses, and ones that are marks themselves. */
const value = fc.oneof(
  fc.constantFrom('Ann', 'Mary-Jane', "O'Brien", 'Cedar Grove & Co', 'Ana María', '2026-12-01', 'ann_lee@example.org', 'http://localhost:3000/unsubscribe/ab12'),
  fc.constantFrom('', ' ', '- item', '* star', '**bold**', '_em_', '[x](https://y.z)', 'line\nbreak', '3. third', '<script>'),
  fc.string({ maxLength: 12 }),
);
const values = fc.record(Object.fromEntries(FIELDS.map((field) => [field, value])) as Record<(typeof FIELDS)[number], fc.Arbitrary<string>>);

interface Drawn {
  fast: string | null;
  whole: string;
}

/** Each case's HTML both ways, in one query. */
async function draw(cases: readonly { text: string; tail: string; values: Record<string, string> }[]): Promise<Drawn[]> {
  const { rows } = await db.query<Drawn>(
    `select app.message_html_filled(app.message_html_template(c.text, c.tail), (app.message_template_parts(c.text)).names, c.values) as fast,
            app.message_html(app.message_fill(c.text, c.values) || c.tail) as whole
       from unnest($1::text[], $2::text[], $3::jsonb[]) with ordinality c(text, tail, values, n)
      order by c.n`,
    [cases.map((item) => item.text), cases.map((item) => item.tail), cases.map((item) => JSON.stringify(item.values))],
  );
  return rows;
}

describe('a mail to many drawn once', () => {
  it('draws the same HTML as the filled text drawn whole, or leaves it to be drawn whole', async () => {
    let drawnOnce = 0;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ text, tail: fc.constantFrom('', '\n\n-- \nThe _Cedar Grove_ team'), values }), { minLength: BATCH, maxLength: BATCH }), async (cases) => {
        const drawn = await draw(cases);
        drawn.forEach((row, index) => {
          checked += 1;
          if (row.fast === null) return;
          drawnOnce += 1;
          expect(row.fast, JSON.stringify(cases[index])).toBe(row.whole);
        });
      }),
      { numRuns: RUNS },
    );
    // The property holds whichever way a mail is drawn; most texts and plain values take the short way.
    expect(drawnOnce).toBeGreaterThan(checked / 20);
  });

  it('draws a mail to many of the usual kind once: names, a bold word, the unsubscribe link and a signature', async () => {
    const [usual] = await draw([
      {
        text: 'Hi {{first_name}},\n\nThe river season opens **next month** at {{organization.name}}.\n\nUnsubscribe: {{stay.check_in}}',
        tail: '\n\n-- \nThe Cedar Grove team',
        values: { first_name: "Ann O'Brien", 'organization.name': 'Cedar Grove & Co', 'stay.check_in': 'http://localhost:3000/unsubscribe/ab12' },
      },
    ]);
    expect(usual?.fast).toBe(
      "<p>Hi Ann O&#39;Brien,</p><p>The river season opens <strong>next month</strong> at Cedar Grove &amp; Co.</p><p>Unsubscribe: http://localhost:3000/unsubscribe/ab12</p><p>-- <br>The Cedar Grove team</p>",
    );
    expect(usual?.fast).toBe(usual?.whole);
  });

  it('draws whole a value that is itself a list item, a mark or empty, and a field inside a link or touching an underscore', async () => {
    const drawn = await draw([
      { text: '{{first_name}} joined', tail: '', values: { first_name: '- Ann' } },
      { text: 'Dear {{first_name}}', tail: '', values: { first_name: '**Ann**' } },
      { text: 'Dear {{first_name}}', tail: '', values: { first_name: '' } },
      { text: '[Book](https://example.org/{{first_name}})', tail: '', values: { first_name: 'a b' } },
      { text: '_{{first_name}}_', tail: '', values: { first_name: 'Ann' } },
    ]);
    for (const row of drawn) expect(row.fast).toBeNull();
    expect(drawn.map((row) => row.whole)).toEqual([
      '<ul><li>Ann joined</li></ul>',
      '<p>Dear <strong>Ann</strong></p>',
      '<p>Dear </p>',
      '<p>[Book](https://example.org/a b)</p>',
      '<p><em>Ann</em></p>',
    ]);
  });
});
