import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import type { CrmRow } from '../records/crmRow';
import { USER_COLUMNS } from './userColumns';

describe('user columns', () => {
  it('are Name (title beneath), Role Name, Contact Methods, Address, Status', () => {
    expect(USER_COLUMNS.map((column) => column.title)).toEqual(['Name', 'Role Name', 'Contact Methods', 'Address', 'Status']);
    const row: CrmRow = { id: 'u1', short_id: 'U-1', name: 'Robin Hale', title: 'Front Desk', org_name: 'Org' };
    render(<MemoryRouter>{USER_COLUMNS[0]?.render?.(row)}</MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Robin Hale' })).toHaveAttribute('href', '/user/U-1');
    expect(screen.getByText('Front Desk')).toBeInTheDocument();
  });
});
