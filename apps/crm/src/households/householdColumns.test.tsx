import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import { exportValueOf } from '@steward/libs/list';
import type { CrmRow } from '../records/crmRow';
import { HOUSEHOLD_COLUMNS } from './householdColumns';

const row: CrmRow = {
  id: 'h1',
  short_id: 'H-1',
  name: 'Byron Household',
  primary_contact_name: 'Ada Byron',
  primary_contact_short_id: 'C-1',
  secondary_contact_name: 'William King',
  secondary_contact_short_id: 'C-2',
  org_name: 'Org',
};

describe('household columns', () => {
  it('are the spec columns', () => {
    // The spec's columns in the spec's order; a column added to the list needs no change here.
    const spec = ['Name', 'Primary Contacts', 'Contact Methods', 'Address', 'Owner(s)', 'Status'];
    expect(HOUSEHOLD_COLUMNS.map((column) => column.title).filter((title) => spec.includes(title))).toEqual(spec);
  });

  it('link the primary contacts to their contact pages and export their names', () => {
    const contacts = HOUSEHOLD_COLUMNS[1];
    render(<MemoryRouter>{contacts?.render?.(row)}</MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/contact/C-1');
    expect(screen.getByRole('link', { name: 'William King' })).toHaveAttribute('href', '/contact/C-2');
    expect(contacts && exportValueOf(contacts, row)).toBe('Ada Byron, William King');
  });
});
