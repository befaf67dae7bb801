import { beforeEach, describe, expect, it } from 'vitest';
import { ACTIVE_ORG_KEY, ACTIVE_ROLE_KEY, activeOrgStorage } from './activeOrgStorage';

beforeEach(() => localStorage.clear());

describe('the active organisation kept in this browser', () => {
  it('keeps the organisation and the role held there, and gives the role only for that organisation', () => {
    activeOrgStorage.write('Lakeside', 'r-lake');
    expect(activeOrgStorage.read()).toBe('Lakeside');
    expect(activeOrgStorage.readRole?.('Lakeside')).toBe('r-lake');
    expect(activeOrgStorage.readRole?.('Cedar')).toBeNull();
  });

  it('forgets the role when an organisation is chosen without one (a switch, before its profile is read)', () => {
    activeOrgStorage.write('Lakeside', 'r-lake');
    activeOrgStorage.write('Cedar');
    expect(activeOrgStorage.read()).toBe('Cedar');
    expect(localStorage.getItem(ACTIVE_ROLE_KEY)).toBeNull();
    expect(activeOrgStorage.readRole?.('Lakeside')).toBeNull();
  });

  it('reads a role saved in another shape as none', () => {
    localStorage.setItem(ACTIVE_ORG_KEY, 'Lakeside');
    localStorage.setItem(ACTIVE_ROLE_KEY, '{not json');
    expect(activeOrgStorage.readRole?.('Lakeside')).toBeNull();
    localStorage.setItem(ACTIVE_ROLE_KEY, JSON.stringify({ org: 'Lakeside', role: 42 }));
    expect(activeOrgStorage.readRole?.('Lakeside')).toBeNull();
  });
});
