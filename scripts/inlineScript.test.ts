import { describe, expect, it, vi } from 'vitest';
import { inlineScript } from '../build/rsbuildApp.mjs';
import { startArea } from '../libs/src/boot/areaStart.mjs';

describe("index.html's inline scripts", () => {
  const options = { routes: [['/businesses', 'crm']], config: '/runtime-config.json' };
  const source = `window.stewardAreaStart=(${startArea.toString()})(${JSON.stringify(options)},{location:location,document:document,fetch:fetch});`;

  it('go out minified: no comments, under 70 % of the bytes', () => {
    const code = inlineScript('area start', source);
    expect(source).toContain('// ');
    expect(code).not.toMatch(/\/\/ |\/\*/);
    expect(code.length).toBeLessThan(source.length * 0.7);
  });

  it('still do what their source does', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ remotes: {} })));
    const page = { window: {} as { stewardAreaStart?: { area: string } }, location: { pathname: '/businesses', href: 'https://app.example/businesses' } };
    const document = { head: { appendChild: vi.fn() }, createElement: vi.fn(() => ({})) };
    new Function('window', 'location', 'document', 'fetch', inlineScript('area start', source))(page.window, page.location, document, fetch);
    expect(page.window.stewardAreaStart?.area).toBe('crm');
    expect(fetch).toHaveBeenCalledWith('/runtime-config.json', { cache: 'no-cache' });
  });

  it('never close their own tag: the minifier escapes a closing script tag, and anything else with "</" is refused', () => {
    expect(inlineScript('test start', 'window.x="</script>";')).toBe('window.x="<\\/script>";');
    expect(() => inlineScript('test start', 'window.x="a</b";')).toThrow('The test start must not contain "</"');
  });
});
