import { describe, expect, it } from 'vitest';
import type { CustomFieldDef } from '@steward/libs/data';
import { chooseColumns, isFixedColumn, parseColumnsParam } from './columnChooser';
import { customColumn } from './customColumns';
import { bulkChangeOf, customBulkFieldsOf } from './bulk/bulkFields';
import { filterFieldsOf, selectOfColumns, csvColumnsOf, type ListColumn } from './listColumn';

const LEVEL: CustomFieldDef = {
  id: '0b8f3c1e-6a57-4d0e-9d3a-2f1b6c7d8e90',
  org_name: 'Cedar Grove',
  record_kind: 'contact',
  label: 'Paddling level',
  help_text: null,
  field_type: 'single_choice',
  link_kind: null,
  required: false,
  default_value: null,
  position: 1,
  archive: false,
  sensitive: false,
  choices: [
    { id: 'c1', label: 'Beginner', archived: false },
    { id: 'c2', label: 'Intermediate', archived: false },
  ],
};
const DEPOSIT: CustomFieldDef = { ...LEVEL, id: '3e1c6f4b-9d8a-4031-a06d-5c4e9f0a1b23', label: 'Deposit', field_type: 'currency', choices: [] };

type Row = Record<string, unknown>;
const name: ListColumn<Row> = { key: 'name', title: 'Name', sortable: true, filterable: true };
const status: ListColumn<Row> = { key: 'status', title: 'Status' };
const level = customColumn<Row>(LEVEL);
const deposit = customColumn<Row>(DEPOSIT, { currency: 'EUR' });
const all = [name, status, level, deposit];

describe('custom fields as list columns', () => {
  it('filters by choice id with the labels offered, sorts, reads custom, exports by label', () => {
    expect(filterFieldsOf([level])).toEqual([
      {
        field: `custom.${LEVEL.id}`,
        label: 'Paddling level',
        type: 'choice',
        options: [
          { value: 'c1', label: 'Beginner' },
          { value: 'c2', label: 'Intermediate' },
        ],
      },
    ]);
    expect(level.sortable).toBe(true);
    expect(selectOfColumns([name, level])).toBe('id,name,custom');
    const csv = csvColumnsOf([name, level, deposit]);
    expect(csv.map((column) => column.title)).toEqual(['Name', 'Paddling level', 'Deposit']);
    const row = { name: 'Ann', custom: { [LEVEL.id]: 'c2', [DEPOSIT.id]: 12.5 } };
    expect(csv.map((column) => column.value(row))).toEqual(['Ann', 'Intermediate', '€12.50']);
    expect(csv[1]?.value({ name: 'Cat', custom: {} })).toBeNull();
  });

  it('shows the default columns until a person chooses, always the name, and ignores unknown names', () => {
    const defaults = ['name', 'status'];
    expect(chooseColumns(all, defaults, null).shown).toEqual([name, status]);
    expect(chooseColumns(all, defaults, null).hidden).toEqual([level, deposit]);
    const chosen = chooseColumns(all, defaults, [`custom.${LEVEL.id}`, 'nowhere']);
    expect(chosen.shown).toEqual([name, level]);
    expect(chosen.hidden).toEqual([status, deposit]);
  });

  it('keeps a column of buttons shown and out of the choice', () => {
    const actions: ListColumn<Row> = { key: 'actions', title: 'Actions', exported: false };
    const withActions = [name, status, level, actions];
    expect(chooseColumns(withActions, ['name', 'status'], null).shown).toEqual([name, status, actions]);
    const chosen = chooseColumns(withActions, ['name', 'status'], [`custom.${LEVEL.id}`]);
    expect(chosen.shown).toEqual([name, level, actions]);
    expect(chosen.hidden).toEqual([status]);
    expect(isFixedColumn(actions)).toBe(true);
    expect(isFixedColumn(level)).toBe(false);
  });

  it('reads the columns of a link (?cols=)', () => {
    expect(parseColumnsParam('name, status,,')).toEqual(['name', 'status']);
    expect(parseColumnsParam('')).toBeNull();
    expect(parseColumnsParam(null)).toBeNull();
  });
});

describe('custom fields in bulk changes', () => {
  it('offers a choice field’s unarchived choices and Yes/No, and sends them as keys of custom', () => {
    const withArchived = customColumn<Row>({ ...LEVEL, choices: [...LEVEL.choices, { id: 'c3', label: 'Expert', archived: true }] });
    const insured = customColumn<Row>({ ...LEVEL, id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', label: 'Insured', field_type: 'boolean', choices: [] });
    expect(customBulkFieldsOf([name, status, withArchived, deposit, insured])).toEqual([
      { field: `custom.${LEVEL.id}`, label: 'Paddling level', options: [{ value: 'c1', label: 'Beginner' }, { value: 'c2', label: 'Intermediate' }] },
      { field: 'custom.5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', label: 'Insured', options: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }] },
    ]);
    expect(bulkChangeOf(`custom.${LEVEL.id}`, 'c2')).toEqual({ custom: { [LEVEL.id]: 'c2' } });
    expect(bulkChangeOf('custom.5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'false')).toEqual({ custom: { '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d': false } });
    expect(bulkChangeOf('status', 'Active')).toEqual({ status: 'Active' });
  });
});
