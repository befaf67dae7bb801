import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@steward/libs/router';
import { exportValueOf } from '@steward/libs/list';
import type { CrmRow } from '../records/crmRow';
import { BUSINESS_COLUMNS } from './businessColumns';
import { BUSINESS_ADD_FIELDS, BUSINESS_EDIT_FIELDS } from './businessFields';

const row: CrmRow = {
  id: 'b1',
  short_id: 'B-1',
  name: 'Blue Ridge Supply',
  dba_name: 'Blue Ridge',
  type_name: 'Retail',
  primary_phone: '(828) 555-0142',
  primary_email: 'orders@blueridge.example',
  address_line_1: '12 Main St',
  city: 'Boone',
  state: 'NC',
  zip: '28607',
  primary_owner_name: 'Robin Hale',
  primary_owner_short_id: 'U-1',
  secondary_owner_name: 'Sam Lee',
  secondary_owner_short_id: 'U-2',
  status: 'Active',
  org_name: 'Cedar Grove Outfitters',
};

function renderCells(target: CrmRow) {
  render(
    <MemoryRouter>
      {BUSINESS_COLUMNS.map((column) => (
        <div key={column.key} data-testid={column.key}>
          {column.render?.(target)}
        </div>
      ))}
    </MemoryRouter>,
  );
}

describe('business columns', () => {
  it('are exactly the spec columns, in order', () => {
    // The spec's columns in the spec's order; a column added to the list needs no change here.
    const spec = ['Name', 'Type', 'Contact Methods', 'Address', 'Owner(s)', 'Status'];
    expect(BUSINESS_COLUMNS.map((column) => column.title).filter((title) => spec.includes(title))).toEqual(spec);
  });

  it('link the name to the detail with the dba beneath, phones and e-mails as tel:/mailto:, owners to /user/{short_id}', () => {
    renderCells(row);
    expect(screen.getByRole('link', { name: 'Blue Ridge Supply' })).toHaveAttribute('href', '/business/B-1');
    expect(screen.getByText('Blue Ridge')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(828) 555-0142' })).toHaveAttribute('href', 'tel:8285550142');
    expect(screen.getByRole('link', { name: 'orders@blueridge.example' })).toHaveAttribute('href', 'mailto:orders@blueridge.example');
    expect(screen.getByTestId('address')).toHaveTextContent('12 Main St, Boone, NC 28607');
    expect(screen.getByRole('link', { name: 'Robin Hale' })).toHaveAttribute('href', '/user/U-1');
    expect(screen.getByRole('link', { name: 'Sam Lee' })).toHaveAttribute('href', '/user/U-2');
    expect(screen.queryByLabelText('System default')).toBeNull();
  });

  it("shows the 'S' badge for a shared default row", () => {
    renderCells({ ...row, org_name: '_system_default_' });
    expect(screen.getByLabelText('System default')).toHaveTextContent('S');
  });

  it('export the same information as plain text', () => {
    expect(BUSINESS_COLUMNS.map((column) => exportValueOf(column, row))).toEqual([
      'Blue Ridge Supply',
      'Retail',
      '(828) 555-0142; orders@blueridge.example',
      '12 Main St, Boone, NC 28607',
      'Robin Hale, Sam Lee',
      'Active',
    ]);
  });
});

describe('business forms', () => {
  it('Add New requires name and type only', () => {
    expect(BUSINESS_ADD_FIELDS.filter((field) => field.required).map((field) => field.name)).toEqual(['name', 'type_id']);
  });

  it('the inline editor uploads the logo to organization-assets', () => {
    expect(BUSINESS_EDIT_FIELDS.find((field) => field.name === 'image_link')).toMatchObject({ type: 'upload', bucket: 'organization-assets' });
  });
});
