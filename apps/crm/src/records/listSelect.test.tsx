import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import { cellValue, columnField, exportValueOf } from '@steward/libs/list';
import { businessEntity } from '../businesses/businessEntity';
import { contactEntity } from '../contacts/contactEntity';
import { householdEntity } from '../households/householdEntity';
import { userEntity } from '../users/userEntity';
import type { CrmRow } from './crmRow';
import { CONTACT_LIST_SELECT } from './listSelect';

/** A row that answers every field with a value and remembers which fields were read. */
function recordingRow() {
  const read = new Set<string>();
  const row = new Proxy({} as CrmRow, {
    get: (_target, key) => {
      if (typeof key !== 'string') return undefined;
      read.add(key);
      return `${key} value`;
    },
    has: (_target, key) => typeof key === 'string',
  });
  return { row, read };
}

/** Fields the address cell reads that a view does not have (user profiles keep two address lines). */
const NOT_IN_VIEW: Record<string, readonly string[]> = { user: ['address_line_3'] };

describe.each([businessEntity, contactEntity, householdEntity, userEntity])('the $listTitle list', (entity) => {
  it('requests every field its cells and its export read', () => {
    const { row, read } = recordingRow();
    render(
      <MemoryRouter>
        {entity.columns.map((column) => (
          <div key={column.key}>{column.render ? column.render(row) : String(cellValue(row, columnField(column)))}</div>
        ))}
      </MemoryRouter>,
    );
    for (const column of entity.columns) exportValueOf(column, row);
    const selected = entity.listSelect.split(',');
    const missing = [...read].filter((field) => !selected.includes(field) && !NOT_IN_VIEW[entity.kind]?.includes(field));
    expect(missing).toEqual([]);
    // The row key, the detail link and the S badge.
    expect(selected).toEqual(expect.arrayContaining(['id', 'short_id', 'org_name']));
    expect(new Set(selected).size).toBe(selected.length);
  });
});

it('the /contacts benchmark sends what the contacts list sends', () => {
  const bench = readFileSync(path.join(__dirname, '../../bench/crmBench.mjs'), 'utf8');
  expect(bench).toContain(`const CONTACTS_LIST_SELECT = '${CONTACT_LIST_SELECT}';`);
});
