import { parseCsv } from './parseCsv';
import { autoMapping, checkRows, customImportTargets, mapRecords } from './importTargets';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks, skips blank lines, and numbers records by their line', () => {
    const { header, records } = parseCsv('\uFEFFName,Address\r\n"Acme, Inc.","12 ""Main"" St"\r\n\r\n"Two\nLines",x\nLast,y');
    expect(header).toEqual(['Name', 'Address']);
    expect(records).toEqual([
      { line: 2, cells: ['Acme, Inc.', '12 "Main" St'] },
      { line: 4, cells: ['Two\nLines', 'x'] },
      { line: 6, cells: ['Last', 'y'] },
    ]);
  });

  it('reads a lone CR as a line end too, and a line break inside a quoted cell as one \\n', () => {
    const { header, records } = parseCsv('Name,Notes\r"Acme","one\r\ntwo"\rNext,"a\rb"\r\n');
    expect(header).toEqual(['Name', 'Notes']);
    expect(records).toEqual([
      { line: 2, cells: ['Acme', 'one\ntwo'] },
      { line: 4, cells: ['Next', 'a\nb'] },
    ]);
  });
});

describe('import mapping', () => {
  const exported = parseCsv('Name,Type,Contact Methods,Address,Owner(s),Status\nAda Byron,Customer,555-0100; ada@example.test,"12 Main St, Boone, NC 28607","Robin Hale, Sam Lee",Active\n,,,,,');

  it("maps an exported list's own headings automatically", () => {
    const mapping = autoMapping('contact', exported.header);
    expect(mapping).toMatchObject({ name: 0, type: 1, contact_methods: 2, address_line_1: 3, owners: 4, status: 5, first_name: -1, phone: -1 });
  });

  it('splits "phone; e-mail" and the owners back, and reports rows without a name by line', () => {
    const rows = mapRecords('contact', autoMapping('contact', exported.header), exported.records);
    expect(rows[0]).toEqual({
      line: 2,
      name: 'Ada Byron',
      type: 'Customer',
      phone: '555-0100',
      email: 'ada@example.test',
      address_line_1: '12 Main St, Boone, NC 28607',
      primary_owner: 'Robin Hale',
      secondary_owner: 'Sam Lee',
      status: 'Active',
    });
    expect(checkRows(rows)).toEqual([{ line: 3, message: 'Name is required' }]);
  });

  it("maps a column headed with one of the organisation's field labels to it, and sends its text under the label", () => {
    const custom = customImportTargets([
      { id: 'f1', label: 'Paddling level' },
      { id: 'f2', label: 'Waiver expires' },
    ]);
    const csv = parseCsv('Name, paddling LEVEL ,Notes\nAda Byron,Intermediate,x\nBo Lake,,y');
    const mapping = autoMapping('contact', csv.header, custom);
    expect(mapping).toMatchObject({ name: 0, 'custom.f1': 1, 'custom.f2': -1 });
    const rows = mapRecords('contact', mapping, csv.records, custom);
    expect(rows[0]).toEqual({ line: 2, name: 'Ada Byron', custom: { 'Paddling level': 'Intermediate' } });
    expect(rows[1]).toEqual({ line: 3, name: 'Bo Lake' });
  });
});
