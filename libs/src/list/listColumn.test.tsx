import { render } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import { addressColumn, contactMethodsColumn, dateColumn, dollarsColumn, nameColumn, ownersColumn, statusColumn, textColumn } from './columns';
import { setLocale } from '@steward/libs/i18n';
import { exportValueOf, fieldTypesOf, fieldsOfColumns, filterFieldsOf, selectOfColumns, sortableFieldsOf, type ListColumn } from './listColumn';

type Row = { name: string; city: string; amount: number };

const columns: ListColumn<Row>[] = [
  { key: 'name', title: 'Name', filterable: true, sortable: true },
  { key: 'place', field: 'city', title: 'City', filterable: 'text' },
  { key: 'amount', title: 'Amount', filterable: 'number', sortable: true },
  { key: 'actions', title: 'Actions', exported: false },
];

describe('the fields a list offers, from its columns', () => {
  it('filters on the filterable columns by their field, label and type', () => {
    const fields = filterFieldsOf(columns);
    expect(fields).toEqual([
      { field: 'name', label: 'Name', type: 'text' },
      { field: 'city', label: 'City', type: 'text' },
      { field: 'amount', label: 'Amount', type: 'number' },
    ]);
    expect(fieldTypesOf(fields)).toEqual({ name: 'text', city: 'text', amount: 'number' });
  });

  it('sorts on the sortable ones', () => {
    expect(sortableFieldsOf(columns)).toEqual(['name', 'amount']);
  });

  it('names them in the page’s language, and again after a switch, though made once', async () => {
    const { fields, sortLabels } = fieldsOfColumns<Row>([nameColumn({}), statusColumn()]);
    try {
      expect([fields.map((field) => field.label), sortLabels]).toEqual([['Name', 'Status'], { name: 'Name', status: 'Status' }]);
      await setLocale('es');
      expect([fields.map((field) => field.label), sortLabels]).toEqual([['Nombre', 'Estado'], { name: 'Nombre', status: 'Estado' }]);
    } finally {
      await setLocale('en');
    }
  });
});

describe('what a list asks the database for, from its columns', () => {
  it('is the row key and each column’s fields, in order, without repeats', () => {
    const plain: ListColumn<Row>[] = [
      { key: 'name', title: 'Name' },
      { key: 'place', field: 'city', title: 'City' },
      { key: 'both', title: 'Both', render: (row) => `${row.name} ${row.city}`, reads: ['name', 'city', 'amount'] },
    ];
    expect(selectOfColumns(plain)).toBe('id,name,city,amount');
  });

  it('is whole rows when a column with its own cell does not say what it reads', () => {
    expect(selectOfColumns([...columns, { key: 'custom', title: 'Custom', render: (row) => row.name }])).toBeUndefined();
  });
});

/** A row that answers every field and remembers which fields were read. */
function recordingRow() {
  const read = new Set<string>();
  const row = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => {
      if (typeof key !== 'string') return undefined;
      read.add(key);
      return `${key} value`;
    },
    has: (_target, key) => typeof key === 'string',
  });
  return { row, read };
}

describe.each([
  ['name, linking by short id, with a line beneath', nameColumn<Record<string, unknown>>({ href: (row) => `/x/${String(row.short_id)}`, beneath: (row) => String(row.dba_name), reads: ['short_id', 'dba_name'] })],
  ['name', nameColumn<Record<string, unknown>>({})],
  ['contact methods', contactMethodsColumn<Record<string, unknown>>()],
  ['address', addressColumn<Record<string, unknown>>()],
  ['owners', ownersColumn<Record<string, unknown>>()],
  ['status', statusColumn<Record<string, unknown>>()],
  ['dollars', dollarsColumn<Record<string, unknown>>('amount', 'Amount')],
  ['date', dateColumn<Record<string, unknown>>('due', 'Due')],
  ['text', textColumn<Record<string, unknown>>('type_name', 'Type')],
])('the ready-made %s column', (_name, column) => {
  it('says every field its cell and its export read', () => {
    const { row, read } = recordingRow();
    render(<MemoryRouter>{column.render ? column.render(row) : null}</MemoryRouter>);
    exportValueOf(column, row);
    expect(column.reads).toBeDefined();
    expect([...read].filter((field) => !column.reads?.includes(field))).toEqual([]);
  });
});
