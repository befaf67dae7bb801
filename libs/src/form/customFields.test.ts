import { beforeAll, describe, expect, it } from 'vitest';
import { later } from '@steward/libs/messages';
import type { CustomFieldDef } from '@steward/libs/data';
import { customDefaults, customFieldDef, customFieldDefs, withMoreFields } from './customFields';
import { columnOfField, formValuesFromRow, rowValuesFromForm } from './fieldValues';
import { customFieldChanges } from './history/historyWords';
import { validateRecord } from './validateRecord';

// The words these say are fetched when a screen that says them first draws.
beforeAll(() => later.preload());

const base = { org_name: 'Cedar Grove', record_kind: 'contact' as const, help_text: null, link_kind: null, required: false, default_value: null, archive: false, sensitive: false, choices: [] };
const LEVEL: CustomFieldDef = {
  ...base,
  id: '0b8f3c1e-6a57-4d0e-9d3a-2f1b6c7d8e90',
  label: 'Paddling level',
  field_type: 'single_choice',
  position: 1,
  required: true,
  help_text: 'As the guide judged it',
  choices: [
    { id: 'c1', label: 'Beginner', archived: false },
    { id: 'c2', label: 'Intermediate', archived: false },
    { id: 'c3', label: 'Expert', archived: true },
  ],
};
const WAIVER: CustomFieldDef = { ...base, id: '1c9a4d2f-7b68-4e1f-8e4b-3a2c7d8e9f01', label: 'Waiver expiry', field_type: 'date', position: 2 };
const DIET: CustomFieldDef = { ...base, id: '2d0b5e3a-8c79-4f20-9f5c-4b3d8e9f0a12', label: 'Dietary needs', field_type: 'multiple_choice', position: 3, choices: [{ id: 'v', label: 'Vegan', archived: false }, { id: 'n', label: 'Nut-free', archived: false }] };
const DEPOSIT: CustomFieldDef = { ...base, id: '3e1c6f4b-9d8a-4031-a06d-5c4e9f0a1b23', label: 'Deposit', field_type: 'currency', position: 4, default_value: 50 };

describe('an organisation’s own fields in the form engine', () => {
  const fields = [{ name: 'name', label: 'Name' }, ...customFieldDefs([LEVEL, WAIVER, DIET, DEPOSIT], { currency: 'CAD' })];

  it('gives each type its control, choices by id (archived ones marked), help, currency, and required left to the database', () => {
    const level = customFieldDef(LEVEL);
    expect(level).toMatchObject({ name: `custom.${LEVEL.id}`, type: 'select', requiredByDatabase: true, help: 'As the guide judged it' });
    expect(level.required).toBeUndefined();
    expect(level.options).toEqual([
      { value: 'c1', label: 'Beginner' },
      { value: 'c2', label: 'Intermediate' },
      { value: 'c3', label: 'Expert (archived)' },
    ]);
    expect(customFieldDef(DIET).type).toBe('multiselect');
    expect(customFieldDef(DEPOSIT, { currency: 'CAD' })).toMatchObject({ type: 'money', currency: 'CAD' });
    expect(customFieldDef({ ...base, id: 'x', label: 'Guide', field_type: 'link', link_kind: 'contact', position: 5 }).relation).toEqual({ schema: 'crm', table: 'contacts', valueField: 'id', labelField: 'name' });
    // The form does not refuse an empty required custom field itself: the database's message is shown.
    expect(validateRecord(fields, formValuesFromRow(fields, { name: 'Ann' }))).toEqual({});
  });

  it('reads values from the row’s custom object and writes them back into it, keeping keys the form does not show', () => {
    const row = { name: 'Ann', custom: { [LEVEL.id]: 'c2', [DIET.id]: ['v'], archivedFieldKey: 'kept' } };
    const values = formValuesFromRow(fields, row);
    expect(values[`custom.${LEVEL.id}`]).toBe('c2');
    expect(values[`custom.${DIET.id}`]).toEqual(['v']);
    expect(values[`custom.${WAIVER.id}`]).toBe('');
    const edited = { ...values, [`custom.${WAIVER.id}`]: '2027-03-01', [`custom.${LEVEL.id}`]: '', [`custom.${DEPOSIT.id}`]: '75.5' };
    expect(rowValuesFromForm(fields, edited, row)).toEqual({
      name: 'Ann',
      custom: { [LEVEL.id]: null, [DIET.id]: ['v'], [WAIVER.id]: '2027-03-01', [DEPOSIT.id]: 75.5, archivedFieldKey: 'kept' },
    });
    expect(columnOfField(`custom.${LEVEL.id}`)).toBe('custom');
    expect(columnOfField('name')).toBe('name');
  });

  it('fills a new record with the defaults', () => {
    expect(customDefaults([LEVEL, DEPOSIT])).toEqual({ custom: { [DEPOSIT.id]: 50 } });
  });

  it('tells a change of the custom values field by field, by label and choice label', () => {
    const changes = customFieldChanges([{ [LEVEL.id]: 'c1' }, { [LEVEL.id]: 'c2', [WAIVER.id]: '2027-03-01', gone: 'x' }], [LEVEL, WAIVER]);
    expect(changes.map((change) => `${change.label} from ${change.from} to ${change.to}`)).toEqual([
      'Paddling level from Beginner to Intermediate',
      'Waiver expiry from empty to 2027-03-01',
      'A removed field from empty to x',
    ]);
  });
});

describe('a record form with the organisation’s fields', () => {
  const own = [{ name: 'name', label: 'Name' }];
  it('puts them after the form’s own fields under More fields, and leaves a kind without fields as it is', () => {
    const more = customFieldDefs([LEVEL, WAIVER]);
    expect(withMoreFields(own, more)).toEqual([
      { title: '', fields: own },
      { title: 'More fields', fields: more },
    ]);
    expect(withMoreFields(own, [])).toBeNull();
  });
});
