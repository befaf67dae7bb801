import { describe, expect, it } from 'vitest';
import { fieldFormSchema, fieldWrite, newChoice } from './fieldsApi';

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
});
