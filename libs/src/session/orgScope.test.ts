import { describe, expect, it } from 'vitest';
import { orgScopeFor } from './orgScope';
import { orgNamesOf } from './orgNamesOf';

describe('orgScopeFor', () => {
  it('is the active organisation plus the shared defaults', () => {
    expect(orgScopeFor('Acme')).toEqual(['Acme', '_system_default_']);
  });

  it('is only the shared defaults without an active organisation', () => {
    expect(orgScopeFor(null)).toEqual(['_system_default_']);
  });
});

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
