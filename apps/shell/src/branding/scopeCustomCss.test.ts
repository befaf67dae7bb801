import { describe, expect, it } from 'vitest';
import { scopeCustomCss } from './scopeCustomCss';

const scope = '.stw-org-theme';

describe('scopeCustomCss', () => {
  it('nests the stylesheet inside the app root', () => {
    expect(scopeCustomCss('body { color: red; }\nh1 { font-size: 2rem }', scope)).toBe(
      '.stw-org-theme {\nbody { color: red; }\nh1 { font-size: 2rem }\n}',
    );
  });

  it('is empty for blank input', () => {
    expect(scopeCustomCss('  \n ', scope)).toBe('');
  });

  it('rejects CSS that closes more braces than it opens, which would escape the scope', () => {
    expect(scopeCustomCss('} body { display: none } .x {', scope)).toBe('');
    expect(scopeCustomCss('.a { color: red', scope)).toBe('');
  });

  it('ignores braces inside strings when checking balance', () => {
    expect(scopeCustomCss('.a::after { content: "}" }', scope)).toContain('content: "}"');
  });

  it('drops @import and script-like constructs', () => {
    const out = scopeCustomCss('@import url("https://evil.test/x.css");\n.a { width: expression(alert(1)); -moz-binding: url(x.xml#b); }', scope);
    expect(out).not.toMatch(/@import|expression\(|-moz-binding/i);
  });

  it('allows url() only for https and inline images', () => {
    const out = scopeCustomCss(
      '.a { background: url(https://cdn.test/a.png) } .b { background: url("javascript:alert(1)") } .c { background: url(data:image/png;base64,AAAA) } .d { background: url(http://plain.test/t.gif) }',
      scope,
    );
    expect(out).toContain('url(https://cdn.test/a.png)');
    expect(out).toContain('url(data:image/png;base64,AAAA)');
    expect(out).not.toContain('javascript');
    expect(out).not.toContain('plain.test');
  });

  it('cannot close its style element to inject markup', () => {
    const out = scopeCustomCss('.a { color: red } </style><script>alert(1)</script><style>', scope);
    expect(out).not.toContain('<');
  });
});
