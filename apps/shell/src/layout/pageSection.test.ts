import { describe, expect, it } from 'vitest';
import { t } from '../i18n';
import { pageSectionFor as sectionIn } from './pageSection';

const pageSectionFor = (pathname: string) => sectionIn(pathname, t);

describe('pageSectionFor', () => {
  it('uses the route table, matching case-insensitively', () => {
    expect(pageSectionFor('/dashboard')).toBe('Dashboard');
    expect(pageSectionFor('/reservationsettings')).toBe('Lodging Settings');
    expect(pageSectionFor('/Staff/ab12')).toBe('Staff');
  });

  it('derives the section from the path words otherwise', () => {
    expect(pageSectionFor('/orders/open-items')).toBe('Orders Open Items');
  });

  it('names the public pages', () => {
    expect(pageSectionFor('/')).toBe('Welcome');
    expect(pageSectionFor('/index')).toBe('Welcome');
    expect(pageSectionFor('/signup')).toBe('Signup');
  });

  it('ignores a trailing slash', () => {
    expect(pageSectionFor('/contacts/')).toBe('Contacts');
  });
});
