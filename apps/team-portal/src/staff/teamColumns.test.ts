import { groupColumns } from '../groups/groupColumns';
import { positionColumns } from '../positions/positionColumns';
import { shiftColumns } from '../shifts/shiftColumns';
import { groupEditor, positionEditor, shiftEditor } from '../editing/teamEditors';
import { afterEach } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { t } from '../i18n';
import { availabilityText, staffColumns } from './staffColumns';

const titles = (columns: readonly { title: string }[]) => columns.map((column) => column.title);

describe('team portal column definitions', () => {
  it('lists the spec columns of each list, in order', () => {
    expect(titles(staffColumns(t))).toEqual(['Name', 'Job / Assignments', 'Availability', 'Contact', 'Status']);
    expect(titles(groupColumns(t))).toEqual(['Name', 'Positions', 'Active Assignments', 'Active Members']);
    expect(titles(positionColumns(t))).toEqual(['Name', 'Group', 'Active Assignments', 'Created By', 'Created At', 'Last Modified By', 'Last Modified At']);
    expect(titles(shiftColumns(t))).toEqual(['Name', 'Type', 'Contact Methods', 'Address', 'Owner(s)', 'Status']);
  });

  it('writes each editable list to its base table, with a required name', () => {
    expect([groupEditor, positionEditor, shiftEditor].map((editorOf) => editorOf(t)).map((editor) => `${editor.table.schema}.${editor.table.table}`)).toEqual(['hr.groups', 'hr.positions', 'hr.shifts']);
    for (const editor of [groupEditor, positionEditor, shiftEditor].map((editorOf) => editorOf(t))) expect(editor.fields.find((field) => field.name === 'name')?.required).toBe(true);
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await setLocale('en', 'USD');
    });

    it('names the columns, the editors and the days in Spanish', async () => {
      await setLocale('es', 'USD');
      expect(titles(staffColumns(t))).toEqual(['Nombre', 'Puesto / Asignaciones', 'Disponibilidad', 'Contacto', 'Estado']);
      expect(titles(shiftColumns(t))).toEqual(['Nombre', 'Tipo', 'Formas de contacto', 'Dirección', 'Responsable(s)', 'Estado']);
      expect(shiftEditor(t).label).toBe('Turno');
      expect(shiftEditor(t).fields.find((field) => field.name === 'status')?.options?.[0]).toEqual({ value: 'Active', label: 'Activo' });
      expect(availabilityText({ sun: true, mon: true, fri: true })).toBe('lun, vie, dom');
    });
  });
});
