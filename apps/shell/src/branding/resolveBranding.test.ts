import { describe, expect, it } from 'vitest';
import { resolveBranding } from './resolveBranding';
import { DEFAULT_BRANDING } from './orgBranding';

describe('resolveBranding', () => {
  it('uses the spec defaults when there is no row at all', () => {
    expect(resolveBranding(null, null)).toEqual(DEFAULT_BRANDING);
  });

  it('takes each field from the organisation, then the default row, then the spec', () => {
    const branding = resolveBranding(
      { org_name: 'Lakeside', primary_color: '#2f6b3a', font_family: null, logo_url: 'https://cdn.test/lake.png' },
      { org_name: '_system_default_', primary_color: '#111111', font_family: 'Lato', secondary_color: '#222222' },
    );
    expect(branding).toMatchObject({
      primaryColor: '#2f6b3a',
      fontFamily: 'Lato',
      secondaryColor: '#222222',
      accentColor: DEFAULT_BRANDING.accentColor,
      logoUrl: 'https://cdn.test/lake.png',
    });
  });

  it('refuses values that are not plain colours, fonts or web addresses', () => {
    const branding = resolveBranding(
      {
        org_name: 'x',
        primary_color: 'red; background: url(javascript:alert(1))',
        font_family: 'Inter; }',
        logo_url: 'javascript:alert(1)',
      },
      null,
    );
    expect(branding.primaryColor).toBe(DEFAULT_BRANDING.primaryColor);
    expect(branding.fontFamily).toBe(DEFAULT_BRANDING.fontFamily);
    expect(branding.logoUrl).toBeNull();
  });

  it('accepts rgb() and named colours', () => {
    expect(resolveBranding({ org_name: 'x', primary_color: 'rgb(10, 20, 30)', text_color: 'navy' }, null)).toMatchObject({
      primaryColor: 'rgb(10, 20, 30)',
      textColor: 'navy',
    });
  });

  it('uses the default row custom CSS only when the organisation has none', () => {
    const fallback = { org_name: '_system_default_', custom_css: '.a{}' };
    expect(resolveBranding({ org_name: 'x', custom_css: '.mine{}' }, fallback).customCss).toBe('.mine{}');
    expect(resolveBranding({ org_name: 'x' }, fallback).customCss).toBe('.a{}');
  });
});
