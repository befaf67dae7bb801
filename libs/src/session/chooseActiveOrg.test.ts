import { describe, expect, it } from 'vitest';
import { chooseActiveOrg } from './chooseActiveOrg';
import type { UserRow } from './SessionContext';

const profile = (org_name: string, is_primary = false): UserRow => ({
  auth_user_id: 'u1',
  org_name,
  role_id: `role-${org_name}`,
  name: 'Dana',
  email: 'dana@example.test',
  is_primary,
});

describe('chooseActiveOrg', () => {
  const profiles = [profile('Acme'), profile('Birch', true), profile('Cedar')];

  it('prefers the organisation saved in the browser', () => {
    expect(chooseActiveOrg(profiles, 'Cedar')).toBe('Cedar');
  });

  it('falls back to the primary profile when nothing is saved', () => {
    expect(chooseActiveOrg(profiles, null)).toBe('Birch');
  });

  it('ignores a saved organisation the user does not belong to', () => {
    expect(chooseActiveOrg(profiles, 'Elsewhere')).toBe('Birch');
  });

  it('falls back to the first profile when none is primary', () => {
    expect(chooseActiveOrg([profile('Acme'), profile('Cedar')], null)).toBe('Acme');
  });

  it('has no organisation without profiles', () => {
    expect(chooseActiveOrg([], 'Acme')).toBeNull();
  });
});
