import { fieldTypesOf, filterFieldsOf, sortableFieldsOf, type ListColumn } from './listColumn';

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
});
