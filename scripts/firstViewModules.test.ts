import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_MODULES, sharedSingletons, workspaceRoot } from '../build/federation.mjs';

const libsDir = path.join(workspaceRoot, 'libs/src');

/** Bare specifiers a file imports at its top level for their values (type-only and dynamic imports left out). */
function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (match[2]) continue;
    const specifier = match[4] as string;
    if (!specifier.startsWith('.')) found.push(specifier);
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.|\.spec\./.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the shell’s eager shared modules', () => {
  const shared = new Set(Object.keys(sharedSingletons({ host: true })));

  it('are shared modules, and the shell marks exactly them eager', () => {
    const eager = Object.entries(sharedSingletons({ host: true })).filter(([, config]) => (config as { eager?: boolean }).eager);
    expect(new Set(eager.map(([name]) => name))).toEqual(FIRST_VIEW_MODULES);
    expect(Object.values(sharedSingletons({ consumeOnly: true })).some((config) => (config as { eager?: boolean }).eager)).toBe(false);
  });

  it('import no lazy shared module at their top level (it would not be ready for them)', () => {
    const violations: string[] = [];
    for (const name of FIRST_VIEW_MODULES) {
      if (!name.startsWith('@steward/libs/')) continue;
      for (const file of sourceFiles(path.join(libsDir, name.slice('@steward/libs/'.length)))) {
        for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
          if (shared.has(specifier) && !FIRST_VIEW_MODULES.has(specifier)) violations.push(`${path.relative(workspaceRoot, file)} imports ${specifier}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it('do not run in the entry’s own task: the shell’s entry imports nothing but its start, after a task', () => {
    const entry = readFileSync(path.join(workspaceRoot, 'apps/shell/src/index.ts'), 'utf8');
    expect(entry).not.toMatch(/^\s*(import|export)\s/m);
    expect([...entry.matchAll(/import\(([^)]*)\)/g)].map((match) => match[1])).toEqual(["/* webpackMode: \"eager\" */ './start'"]);
  });

  it('finds such an import when there is one', () => {
    expect(valueImports("import { Button } from '@steward/libs/ui/antd';\nimport type { X } from '@supabase/supabase-js';\nexport { y } from './y';")).toEqual(['@steward/libs/ui/antd']);
  });
});

describe('the schemas the shell’s build holds', () => {
  it('are written with zod/mini: one module of full zod keeps every type of zod’s core in the first view’s vendor chunk', () => {
    // zod/mini and full zod share zod's core, and the bundler keeps the union of what the whole build
    // uses of it: the composer's schema in full zod (loaded only with the conversations) kept 26 KB of
    // the core's schema types in the chunk every first view waits for.
    const fullZod = [path.join(workspaceRoot, 'libs/src'), path.join(workspaceRoot, 'apps/shell/src')]
      .flatMap(sourceFiles)
      .filter((file) => valueImports(readFileSync(file, 'utf8')).some((specifier) => specifier === 'zod' || specifier.startsWith('zod/v4')))
      .map((file) => path.relative(workspaceRoot, file));
    expect(fullZod).toEqual([]);
  });
});
