import { render } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import { cellValue, columnField, exportValueOf, selectOfColumns } from '@steward/libs/list';
import { businessEntity } from '../businesses/businessEntity';
import { contactEntity } from '../contacts/contactEntity';
import { householdEntity } from '../households/householdEntity';
import { userEntity } from '../users/userEntity';
import type { CrmRow } from './crmRow';
import { crmListOptions } from './CrmListPage';

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

describe.each([businessEntity, contactEntity, householdEntity, userEntity])('the $listTitle list', (entity) => {
  it('asks its view for what its columns read, not whole rows', () => {
    const select = selectOfColumns(entity.columns);
    expect(select).toBeDefined();
    const { row, read } = recordingRow();
    render(
      <MemoryRouter>
        {entity.columns.map((column) => (
          <div key={column.key}>{column.render ? column.render(row) : String(cellValue(row, columnField(column)))}</div>
        ))}
      </MemoryRouter>,
    );
    for (const column of entity.columns) exportValueOf(column, row);
    const selected = select?.split(',') ?? [];
    expect([...read].filter((field) => !selected.includes(field))).toEqual([]);
    // The row key, the detail link and the S badge.
    expect(selected).toEqual(expect.arrayContaining(['id', 'short_id', 'org_name']));
    expect(crmListOptions(entity, new URLSearchParams()).source).not.toHaveProperty('select');
  });
});
