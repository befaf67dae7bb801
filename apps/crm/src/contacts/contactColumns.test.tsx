import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import type { CrmRow } from '../records/crmRow';
import { CONTACT_COLUMNS, spouseLine } from './contactColumns';
import { CONTACT_ADD_FIELDS } from './contactFields';

const row: CrmRow = { id: 'c1', short_id: 'C-1', name: 'Ada Byron', spouse_name: 'William King', org_name: 'Org' };

describe('contact columns', () => {
  it('follow the businesses pattern', () => {
    // The spec's columns in the spec's order; a column added to the list needs no change here.
    const spec = ['Name', 'Type', 'Contact Methods', 'Address', 'Owner(s)', 'Status'];
    expect(CONTACT_COLUMNS.map((column) => column.title).filter((title) => spec.includes(title))).toEqual(spec);
  });

  it('show "Spouse: …" beneath the name only when a spouse exists', () => {
    expect(spouseLine(row)).toBe('Spouse: William King');
    expect(spouseLine({ ...row, spouse_name: null })).toBeNull();
    render(<MemoryRouter>{CONTACT_COLUMNS[0]?.render?.(row)}</MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/contact/C-1');
    expect(screen.getByText('Spouse: William King')).toBeInTheDocument();
  });

  it('Add New requires name, first name, last name and type', () => {
    expect(CONTACT_ADD_FIELDS.filter((field) => field.required).map((field) => field.name)).toEqual(['name', 'first_name', 'last_name', 'type_id']);
  });
});
