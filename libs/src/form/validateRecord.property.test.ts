import fc from 'fast-check';
import type { FieldDef, FieldType } from './fieldSchema';
import { validateRecord } from './validateRecord';

/** Bounded in `npm test`; `npm run bench` runs more (STEWARD_PROPERTY_RUNS). */
const RUNS = Number(process.env.STEWARD_PROPERTY_RUNS ?? 300);

const TYPES: FieldType[] = ['text', 'textarea', 'email', 'number', 'integer', 'boolean', 'date', 'select', 'json', 'tags'];
const field = fc.record({
  name: fc.constantFrom('name', 'amount', 'count', 'email', 'payload', 'notes', 'tags'),
  label: fc.string({ minLength: 1, maxLength: 12 }),
  type: fc.constantFrom(...TYPES),
  required: fc.oneof(fc.boolean(), fc.record({ message: fc.string({ minLength: 1, maxLength: 20 }) })),
  readOnly: fc.boolean(),
});
const value = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', '   ', 'NaN', 'Infinity', '1e309', '0x10', '1.5', '-0', '{', '{"a":1}', 'a@b.c', 'a @b.c', '@', '__proto__', 'constructor'),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
);

describe('the editor validator under arbitrary input (property)', () => {
  it('never throws, reports only editable fields, and every number it accepts is finite', () => {
    let cases = 0;
    fc.assert(
      fc.property(fc.uniqueArray(field, { selector: (f) => f.name, maxLength: 6 }), fc.dictionary(fc.constantFrom('name', 'amount', 'count', 'email', 'payload', 'notes', 'tags'), value), (fields: FieldDef[], values) => {
        cases += 1;
        const errors = validateRecord(fields, values);
        for (const name of Object.keys(errors)) {
          const def = fields.find((f) => f.name === name);
          expect(def, `error for unknown field ${name}`).toBeDefined();
          expect(def?.readOnly).toBe(false);
          expect(typeof errors[name]).toBe('string');
          expect(errors[name]?.length).toBeGreaterThan(0);
        }
        for (const def of fields) {
          const raw = values[def.name];
          if (def.readOnly || errors[def.name] || raw === undefined || Array.isArray(raw) || raw.trim() === '') continue;
          if (def.type === 'number' || def.type === 'integer') expect(Number.isFinite(Number(raw.trim()))).toBe(true);
          if (def.type === 'integer') expect(Number.isInteger(Number(raw.trim()))).toBe(true);
          if (def.type === 'json') expect(() => JSON.parse(raw.trim())).not.toThrow();
          if (def.type === 'email') expect(raw.trim()).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
        }
        // A required editable field left blank is always reported.
        for (const def of fields) {
          const raw = values[def.name];
          const blank = raw === undefined || (Array.isArray(raw) ? raw.length === 0 : raw.trim() === '');
          if (!def.readOnly && def.required && blank) expect(errors[def.name]).toBeDefined();
        }
      }),
      { numRuns: RUNS },
    );
    console.log(`editor validator property: ${cases} cases`);
  });
});
