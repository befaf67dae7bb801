import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_ANTD_PREFIXES, UNRENDERED_ANTD_COMPONENTS, partitionAntdStyles, pruneAntdStyles, splitAntdStyles } from '../build/antdStyles.mjs';
import { workspaceRoot } from '../build/federation.mjs';

/** The names a libs barrel re-exports from antd (values and types). */
function antdExports(barrel: string): string[] {
  const source = readFileSync(path.join(workspaceRoot, barrel), 'utf8');
  return [...source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'antd'/g)].flatMap((match) =>
    (match[1] as string)
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0] as string)
      .filter(Boolean),
  );
}

describe('pruneAntdStyles', () => {
  it('drops the rules of the listed components and keeps every other rule as written', () => {
    const css = '.ant-btn{color:red;}.ant-steps{display:flex;}.ant-steps-item .ant-btn{margin:0;}.ant-table td{padding:4px;}';
    expect(pruneAntdStyles(css, ['steps'])).toBe('.ant-btn{color:red;}.ant-table td{padding:4px;}');
  });

  it('keeps the other selectors of a list, and a prefix never matches a longer name', () => {
    const css = '.ant-list-item,.ant-upload-list-item{gap:1px;}.ant-listing{gap:2px;}';
    expect(pruneAntdStyles(css, ['list'])).toBe('.ant-upload-list-item{gap:1px;}.ant-listing{gap:2px;}');
  });

  it('leaves what is inside :has(), :is(), :where() and :not() alone: the selector can still match', () => {
    const css = '.ant-form-item-control-input-content:has(> .ant-switch:only-child, > .ant-rate:only-child){display:flex;}.ant-btn:not(.ant-rate){top:0;}';
    expect(pruneAntdStyles(css, ['rate'])).toBe(css);
  });

  it('prunes inside @media blocks, drops a block left empty, and keeps keyframes and strings as written', () => {
    const css =
      '@media (max-width: 575px){.ant-steps{gap:0;}.ant-btn{gap:1px;}}@media print{.ant-steps-item{gap:0;}}@keyframes antSteps{from{opacity:0;}to{opacity:1;}}.ant-tag::after{content:"{.ant-steps}";}';
    expect(pruneAntdStyles(css, ['steps'])).toBe('@media (max-width: 575px){.ant-btn{gap:1px;}}@keyframes antSteps{from{opacity:0;}to{opacity:1;}}.ant-tag::after{content:"{.ant-steps}";}');
  });

  it('leaves antd’s stylesheet balanced and smaller, with the rendered components’ rules in it', () => {
    const css = readFileSync(path.join(workspaceRoot, 'node_modules/antd/dist/antd.css'), 'utf8');
    const pruned = pruneAntdStyles(css);
    expect(pruned.length).toBeLessThan(css.length * 0.7);
    expect(pruned.split('{').length).toBe(pruned.split('}').length);
    for (const kept of ['.ant-btn{', '.ant-table-wrapper', '.ant-select-dropdown', '.ant-form-item', '.ant-upload-list', '.ant-tabs-nav', '.ant-modal', '.ant-tree']) {
      expect(pruned).toContain(kept);
    }
    for (const prefix of Object.values(UNRENDERED_ANTD_COMPONENTS).flat()) {
      expect(pruned).not.toMatch(new RegExp(`(^|[},])\\s*\\.ant-${prefix}[{\\s.:-]`));
    }
  });
});

describe('splitAntdStyles', () => {
  it('is the rendered sheet split at the data components', () => {
    const css = '.ant-steps{gap:0;}.ant-btn{gap:1px;}.ant-select .ant-btn{gap:2px;}';
    expect(splitAntdStyles(css)).toEqual({ light: '.ant-btn{gap:1px;}', data: '.ant-select .ant-btn{gap:2px;}' });
  });

  it('puts a selector that needs a data component in the data part, and every other in the light part', () => {
    const css = '.ant-btn,.ant-input-group .ant-btn{color:red;}@media (max-width: 575px){.ant-table td{gap:0;}.ant-tag{gap:1px;}}@keyframes antFade{from{opacity:0;}}';
    expect(partitionAntdStyles(css, ['input', 'table'])).toEqual({
      without: '.ant-btn{color:red;}@media (max-width: 575px){.ant-tag{gap:1px;}}@keyframes antFade{from{opacity:0;}}',
      only: '.ant-input-group .ant-btn{color:red;}@media (max-width: 575px){.ant-table td{gap:0;}}',
    });
  });

  it('splits antd’s stylesheet into a light part a list’s first rows need and a data part, losing no rule', () => {
    const css = readFileSync(path.join(workspaceRoot, 'node_modules/antd/dist/antd.css'), 'utf8');
    const rendered = pruneAntdStyles(css);
    const { without: light, only: data } = partitionAntdStyles(rendered, DATA_ANTD_PREFIXES);
    for (const part of [light, data]) expect(part.split('{').length).toBe(part.split('}').length);
    expect(light.length).toBeLessThan(rendered.length * 0.5);
    for (const kept of ['.ant-btn{', '.ant-badge', '.ant-typography', '.ant-spin', '.ant-tag', '.ant-alert', '.ant-tooltip', '--ant-color-primary:']) expect(light).toContain(kept);
    expect(light).not.toMatch(new RegExp(`(^|[},])\\s*\\.ant-(${DATA_ANTD_PREFIXES.join('|')})[{\\s.:-]`));
    for (const kept of ['.ant-table-wrapper', '.ant-select-dropdown', '.ant-form-item', '.ant-upload-list', '.ant-tabs-nav', '.ant-modal']) expect(data).toContain(kept);
    // Nothing is lost: a rule split between the parts repeats its declarations, so the parts are together at least as long.
    expect(light.length + data.length).toBeGreaterThanOrEqual(rendered.length);
  });

  it('is what antd-data imports its part by, and antd\'s light components (with their theme root) the light part', () => {
    expect(readFileSync(path.join(workspaceRoot, 'libs/src/ui/antd-data/index.ts'), 'utf8')).toContain("import 'antd/dist/antd.css?data';");
    expect(readFileSync(path.join(workspaceRoot, 'libs/src/ui/antd/styles.ts'), 'utf8')).toContain("import 'antd/dist/antd.css';");
    expect(readFileSync(path.join(workspaceRoot, 'libs/src/ui/antd/AntdThemeRoot.tsx'), 'utf8')).toContain("import './styles';");
  });
});

describe('the antd components whose styles the shell leaves out', () => {
  it('are exported by no libs barrel (the only way apps reach antd)', () => {
    const exported = [...antdExports('libs/src/ui/antd/index.ts'), ...antdExports('libs/src/ui/antd-data/index.ts')];
    expect(exported.length).toBeGreaterThan(10);
    expect(exported.filter((name) => Object.hasOwn(UNRENDERED_ANTD_COMPONENTS, name))).toEqual([]);
  });

  it('are not drawn by the platform’s own markup either', () => {
    const prefixes = Object.values(UNRENDERED_ANTD_COMPONENTS).flat().join('|');
    const classUse = new RegExp(`(?<![\\w-])ant-(?:${prefixes})(?![a-z])`);
    const roots = ['apps', 'libs/src', 'build'].map((dir) => path.join(workspaceRoot, dir));
    const offenders = roots.flatMap((root) =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(tsx?|css|html)$/.test(entry.name) && !entry.parentPath.includes('node_modules') && !entry.parentPath.includes(`${path.sep}dist`))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => classUse.test(readFileSync(file, 'utf8'))),
    );
    expect(offenders.map((file) => path.relative(workspaceRoot, file))).toEqual([]);
  });
});
