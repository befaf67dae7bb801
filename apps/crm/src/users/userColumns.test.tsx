import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import type { CrmRow } from '../records/crmRow';
import { USER_COLUMNS } from './userColumns';

describe('user columns', () => {
  it('are Name (title beneath), Role Name, Contact Methods, Address, Status', () => {
    // The spec's columns in the spec's order; a column added to the list needs no change here.
    const spec = ['Name', 'Role Name', 'Contact Methods', 'Address', 'Status'];
    expect(USER_COLUMNS.map((column) => column.title).filter((title) => spec.includes(title))).toEqual(spec);
    const row: CrmRow = { id: 'u1', short_id: 'U-1', name: 'Robin Hale', title: 'Front Desk', org_name: 'Org' };
    render(<MemoryRouter>{USER_COLUMNS[0]?.render?.(row)}</MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Robin Hale' })).toHaveAttribute('href', '/user/U-1');
    expect(screen.getByText('Front Desk')).toBeInTheDocument();
  });
});
