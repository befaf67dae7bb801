import { describe, expect, it } from 'vitest';
import { accessOf, isOwnRow, profileIdsOf } from './access';
import type { Permission, UserRow } from './SessionContext';

const permission = (component_name: string, view: string, create: string, edit: string, remove: string): Permission => ({
  component_name,
  view_access: view,
  create_access: create,
  edit_access: edit,
  delete_access: remove,
});

const ME = 'profile-me';
const OTHER = 'profile-other';
const permissions = [
  permission('crm', 'Organization', 'allowed', 'Personal', 'None'),
  permission('operations', 'Personal', 'allowed', 'Personal', 'Personal'),
  permission('catalog', 'Organization', 'not_allowed', 'None', 'None'),
  permission('lodging', 'Organization', 'allowed', 'Organization', 'Organization'),
];

describe('accessOf', () => {
  it('reads the levels of the component', () => {
    const crm = accessOf(permissions, 'crm', [ME]);
    expect({ view: crm.view, create: crm.create, edit: crm.edit, delete: crm.delete }).toEqual({ view: 'Organization', create: true, edit: 'Personal', delete: 'None' });
    const catalog = accessOf(permissions, 'catalog', [ME]);
    expect({ view: catalog.view, create: catalog.create, edit: catalog.edit, delete: catalog.delete }).toEqual({ view: 'Organization', create: false, edit: 'None', delete: 'None' });
  });

  it('treats a component without a permission row, or an unknown value, as None and not allowed', () => {
    const settings = accessOf(permissions, 'settings', [ME]);
    expect({ view: settings.view, create: settings.create, edit: settings.edit, delete: settings.delete }).toEqual({ view: 'None', create: false, edit: 'None', delete: 'None' });
    const odd = accessOf([permission('crm', 'organization', 'yes', '', 'All')], 'crm', [ME]);
    expect([odd.view, odd.create, odd.edit, odd.delete]).toEqual(['None', false, 'None', 'None']);
    expect(odd.canEditRow({ created_by: ME })).toBe(false);
  });

  it('Organization lets every row be changed, None none', () => {
    const lodging = accessOf(permissions, 'lodging', [ME]);
    expect(lodging.canEditRow({ created_by: OTHER })).toBe(true);
    expect(lodging.canDeleteRow({})).toBe(true);
    const catalog = accessOf(permissions, 'catalog', [ME]);
    expect(catalog.canEditRow({ created_by: ME })).toBe(false);
    expect(catalog.canDeleteRow({ created_by: ME })).toBe(false);
  });

  it('Personal lets the person change rows they created, own or are assigned to, and no other', () => {
    const crm = accessOf(permissions, 'crm', [ME]);
    for (const field of ['created_by', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id']) {
      expect(crm.canEditRow({ created_by: OTHER, [field]: ME }), field).toBe(true);
    }
    expect(crm.canEditRow({ created_by: OTHER, primary_owner_id: OTHER, assignee_id: null })).toBe(false);
    expect(crm.canEditRow({ name: 'no owner columns read' })).toBe(false);
    // Delete None: not even their own.
    expect(crm.canDeleteRow({ created_by: ME })).toBe(false);
    const operations = accessOf(permissions, 'operations', [ME]);
    expect(operations.canDeleteRow({ assignee_id: ME })).toBe(true);
    expect(operations.canDeleteRow({ assignee_id: OTHER })).toBe(false);
  });

  it('a person without a known profile owns nothing', () => {
    const crm = accessOf(permissions, 'crm', []);
    expect(crm.canEditRow({ created_by: ME })).toBe(false);
  });
});

describe('isOwnRow', () => {
  it('ignores what is not a row', () => {
    expect(isOwnRow(null, [ME])).toBe(false);
    expect(isOwnRow('profile-me', [ME])).toBe(false);
    expect(isOwnRow({ created_by: ME }, [OTHER, ME])).toBe(true);
  });
});

describe('profileIdsOf', () => {
  it('lists the ids of the profiles that have one', () => {
    const profile = (id: string | undefined): UserRow => ({ id, auth_user_id: 'u', org_name: 'Org', role_id: null, name: null, email: null });
    expect(profileIdsOf([profile('a'), profile(undefined), profile('b')])).toEqual(['a', 'b']);
  });
});
