import { describe, expect, it } from 'vitest';
import { orgNamesOf } from './orgNamesOf';

describe('orgNamesOf', () => {
  it('lists each organisation once, alphabetically regardless of case', () => {
    const rows = ['lakeside', 'Cedar', 'Acme', 'Cedar'].map((org_name) => ({
      auth_user_id: 'u1',
      org_name,
      role_id: null,
      name: null,
      email: null,
    }));
    expect(orgNamesOf(rows)).toEqual(['Acme', 'Cedar', 'lakeside']);
  });
});
