import { describe, expect, it } from 'vitest';
import { validateRecord } from './validateRecord';
import { formValuesFromRow, fromFormValue, rowValuesFromForm, sameFormValue } from './fieldValues';
import { fieldTypeOf, type FieldDef } from './fieldSchema';

const fields: FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'priority', label: 'Priority', type: 'integer', required: { message: 'Give the rate a priority' } },
  { name: 'base_rate', label: 'Base rate', type: 'number' },
  { name: 'short_id', label: 'Short id', readOnly: true, required: true },
  { name: 'secret', label: 'Secret', hidden: true, required: true },
  { name: 'max_occupancy_ok', label: 'Max occupancy ok', type: 'boolean' },
  { name: 'class_id', label: 'Class', relation: { schema: 'catalog', table: 'accommodation_classes', valueField: 'id', labelField: 'name' } },
  { name: 'tags', label: 'Tags', type: 'tags' },
  { name: 'additional_data', label: 'Additional data', type: 'json' },
  { name: 'image_url', label: 'Image' },
];

describe('validateRecord', () => {
  it('reports "{label} is required" or the rule\'s own message for empty required fields', () => {
    const errors = validateRecord(fields, formValuesFromRow(fields, { name: '   ' }));
    expect(errors).toEqual({ name: 'Name is required', priority: 'Give the rate a priority' });
  });

  it('skips read-only and hidden fields', () => {
    const errors = validateRecord(fields, formValuesFromRow(fields, { name: 'A', priority: 1 }));
    expect(errors).toEqual({});
  });

  it('checks numbers, whole numbers and JSON', () => {
    const values = formValuesFromRow(fields, { name: 'A', priority: '1.5', base_rate: 'ten', additional_data: '{oops' });
    expect(validateRecord(fields, values)).toEqual({
      priority: 'Priority must be a whole number',
      base_rate: 'Base rate must be a number',
      additional_data: 'Additional data must be valid JSON',
    });
  });
});

describe('field values', () => {
  it('maps boolean selects and the empty option', () => {
    const flag = fields[5] as FieldDef;
    expect(fromFormValue(flag, 'true')).toBe(true);
    expect(fromFormValue(flag, 'false')).toBe(false);
    expect(fromFormValue(flag, '')).toBeNull();
    expect(fromFormValue(fields[6] as FieldDef, '')).toBeNull();
    expect(formValuesFromRow(fields, { max_occupancy_ok: false }).max_occupancy_ok).toBe('false');
  });

  it('sends only editable fields, blanks as null, numbers as numbers', () => {
    const row = rowValuesFromForm(fields, formValuesFromRow(fields, { name: 'Cabin', priority: 2, base_rate: '99.5', short_id: 'X', secret: 's', tags: ['a'], additional_data: { beds: 2 } }));
    expect(row).toEqual({ name: 'Cabin', priority: 2, base_rate: 99.5, max_occupancy_ok: null, class_id: null, tags: ['a'], additional_data: { beds: 2 }, image_url: null });
  });

  it('treats url and link fields as uploads, relations as dropdowns', () => {
    expect(fieldTypeOf({ name: 'image_link', label: 'Image' })).toBe('upload');
    expect(fieldTypeOf({ name: 'logo_url', label: 'Logo' })).toBe('upload');
    expect(fieldTypeOf(fields[6] as FieldDef)).toBe('relation');
    expect(fieldTypeOf({ name: 'name', label: 'Name' })).toBe('text');
  });

  it('compares control values ignoring surrounding spaces', () => {
    expect(sameFormValue(' a ', 'a')).toBe(true);
    expect(sameFormValue(['a'], ['a'])).toBe(true);
    expect(sameFormValue('a', 'b')).toBe(false);
  });

  it('words a value of the wrong form with the field’s own message when it has one', () => {
    const email: FieldDef = { name: 'email', label: 'Email', type: 'email', invalidMessage: 'Enter a valid email' };
    expect(validateRecord([email], { email: 'not-an-address' })).toEqual({ email: 'Enter a valid email' });
    expect(validateRecord([{ ...email, invalidMessage: undefined }], { email: 'x' })).toEqual({ email: 'Email must be an e-mail address' });
    expect(validateRecord([email], { email: '' })).toEqual({});
  });

  it('checks a colour as #rrggbb, blank allowed unless required', () => {
    const colour: FieldDef = { name: 'primary_color', label: 'Primary Color', type: 'color' };
    expect(validateRecord([colour], { primary_color: '#1A2b3c' })).toEqual({});
    expect(validateRecord([colour], { primary_color: '' })).toEqual({});
    expect(validateRecord([colour], { primary_color: 'red' })).toEqual({ primary_color: 'Primary Color must be a colour like #1a2b3c' });
    expect(validateRecord([{ ...colour, invalidMessage: 'Use a colour like #1a2b3c' }], { primary_color: '#12345' })).toEqual({ primary_color: 'Use a colour like #1a2b3c' });
  });
});
