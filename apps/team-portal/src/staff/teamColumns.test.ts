import { groupColumns } from '../groups/groupColumns';
import { positionColumns } from '../positions/positionColumns';
import { shiftColumns } from '../shifts/shiftColumns';
import { groupEditor, positionEditor, shiftEditor } from '../editing/teamEditors';
import { staffColumns } from './staffColumns';

const titles = (columns: readonly { title: string }[]) => columns.map((column) => column.title);

describe('team portal column definitions', () => {
  it('lists the spec columns of each list, in order', () => {
    expect(titles(staffColumns)).toEqual(['Name', 'Job / Assignments', 'Availability', 'Contact', 'Status']);
    expect(titles(groupColumns)).toEqual(['Name', 'Positions', 'Active Assignments', 'Active Members']);
    expect(titles(positionColumns)).toEqual(['Name', 'Group', 'Active Assignments', 'Created By', 'Created At', 'Last Modified By', 'Last Modified At']);
    expect(titles(shiftColumns)).toEqual(['Name', 'Type', 'Contact Methods', 'Address', 'Owner(s)', 'Status']);
  });

  it('writes each editable list to its base table, with a required name', () => {
    expect([groupEditor, positionEditor, shiftEditor].map((editor) => `${editor.table.schema}.${editor.table.table}`)).toEqual(['hr.groups', 'hr.positions', 'hr.shifts']);
    for (const editor of [groupEditor, positionEditor, shiftEditor]) expect(editor.fields.find((field) => field.name === 'name')?.required).toBe(true);
  });
});
