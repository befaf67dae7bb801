import { describe, expect, it } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { fieldFormSchema, fieldWrite, newChoice, readTypeChangePreview, typeLabel } from './fieldsApi';

const valid = { label: ' Paddling level ', field_type: 'single_choice' as const, link_kind: null, help_text: '  ', required: true, sensitive: false, default_value: null, choices: [newChoice('Beginner'), newChoice('Intermediate')] };

describe('Settings → Fields at the edge', () => {
  it('trims, drops an empty help text, and gives every new choice a stable id of its own', () => {
    const parsed = fieldFormSchema.parse(valid);
    expect(parsed.label).toBe('Paddling level');
    expect(parsed.help_text).toBeNull();
    expect(new Set(parsed.choices.map((choice) => choice.id)).size).toBe(2);
    expect(fieldWrite(parsed)).toMatchObject({ label: 'Paddling level', field_type: 'single_choice', link_kind: null, required: true });
  });

  it('refuses what the database would: no label, a choice field without choices or with twice the same label, a link without its target', () => {
    const messages = (input: object) => (fieldFormSchema.safeParse({ ...valid, ...input }).error?.issues ?? []).map((issue) => issue.message);
    expect(messages({ label: ' ' })).toContain('Label is required');
    expect(messages({ choices: [] })).toContain('A choice field needs at least one choice');
    expect(messages({ choices: [newChoice('Beginner'), newChoice('beginner')] })).toContain('Two choices have the same label');
    expect(messages({ field_type: 'link', choices: [] })).toContain('Choose what the field links to');
  });

  it('writes choices only for choice fields and a link target only for links', () => {
    const text = fieldFormSchema.parse({ ...valid, field_type: 'short_text', link_kind: 'contact' });
    expect(fieldWrite(text)).toMatchObject({ choices: [], link_kind: null });
  });

  it('reads the type-change preview as the database answers it (supabase/tests/model/customFields.test.ts): what would not convert, by record', () => {
    const answer = { values: 3, converts: 2, count: 1, not_converted: [{ id: 'b-2', name: 'Bakery Two', value: 'A-17' }], choices: [] };
    expect(readTypeChangePreview(answer)).toEqual({ count: 1, values: [{ record_id: 'b-2', record_name: 'Bakery Two', value: 'A-17' }] });
    expect(readTypeChangePreview({ values: 2, converts: 2, count: 0, not_converted: [], choices: [] })).toEqual({ count: 0, values: [] });
    expect(() => readTypeChangePreview({ total: 3 })).toThrow('The preview could not be read.');
  });

  it('names a field type in the language of the moment, not the one the page started in', async () => {
    expect(typeLabel('number')).toBe('Number');
    await setLocale('es');
    try {
      expect(typeLabel('number')).toBe('Número');
    } finally {
      await setLocale('en');
    }
  });
});
