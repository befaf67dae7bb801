import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceRoot } from '../build/federation.mjs';
import { AREAS } from '../libs/src/runtime-config/areas.mjs';

// What an area's first view loads is its './area' module and everything that module imports at its top
// level, through its own files and the shared libraries (a shared library is loaded whole): the bundler
// puts exactly that in the chunks the page waits for, and leaves what is imported with `import()` for
// later. A list's first view is drawn without antd (plain elements on the branding's CSS variables,
// '@steward/libs/ui'): antd — its components, ConfigProvider and stylesheet, through
// '@steward/libs/ui/antd' or '@steward/libs/ui/antd-data' or antd itself — is loaded by <AntdTheme> with the
// first part drawn with it (a dialog, a form, a panel), so none of it may be in a first view: a phone
// waits for every byte of it before the first row. The shell's frame around every area (RemoteRoute)
// holds the same rule.

/** Settings draws forms first (profile, organisation settings): its first view is a form, not a list. */
const FORM_FIRST_AREAS = new Set(['settings']);

const libsExports = JSON.parse(readFileSync(path.join(workspaceRoot, 'libs/package.json'), 'utf8')).exports as Record<string, string>;

type Files = { read: (file: string) => string; isFile: (file: string) => boolean };

const disk: Files = {
  read: (file) => readFileSync(file, 'utf8'),
  isFile: (file) => existsSync(file) && statSync(file).isFile(),
};

type StaticImport = { specifier: string; names: string[] };

/** The modules a source imports or re-exports at its top level for their values (type-only ones left out). */
export function staticImports(source: string): StaticImport[] {
  const found: StaticImport[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (match[1]) continue;
    const clause = (match[2] ?? '').trim();
    const braces = /\{([^}]*)\}/.exec(clause);
    const names = braces ? (braces[1] as string).split(',').map((name) => name.trim()).filter(Boolean) : [];
    // `import { type A, type B } from` brings no value in.
    if (braces && clause.replace(braces[0], '').replace(/,/g, '').trim() === '' && names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    found.push({ specifier: match[3] as string, names: names.filter((name) => !name.startsWith('type ')).map((name) => name.split(/\s+as\s+/)[0] as string) });
  }
  return found;
}

function resolveModule(from: string, specifier: string, files: Files): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@steward/libs/')) {
    const file = libsExports[`./${specifier.slice('@steward/libs/'.length)}`];
    return file ? path.join(workspaceRoot, 'libs', file) : null;
  } else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => /\.(ts|tsx|mjs)$/.test(candidate) && files.isFile(candidate)) ?? null;
}

const isAntd = (specifier: string) => specifier === 'antd' || specifier.startsWith('antd/') || specifier === '@steward/libs/ui/antd' || specifier === '@steward/libs/ui/antd-data';

/** The form layer (record editor, fields form, custom-field inputs): what a record page or a dialog draws, never a list's first rows. */
const isFormLayer = (specifier: string) => specifier === '@steward/libs/form';

/** Each place in `entry`'s first view that brings in antd, as "file: specifier". */
export function antdInFirstView(entry: string, files: Files = disk): string[] {
  return importsInFirstView(entry, isAntd, files);
}

/** Each place in `entry`'s first view that imports a module `matches` names (for its values), as "file: specifier". */
export function importsInFirstView(entry: string, matches: (specifier: string) => boolean, files: Files = disk): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { specifier } of staticImports(files.read(file))) {
      const where = path.relative(workspaceRoot, file);
      if (matches(specifier)) found.push(`${where}: ${specifier}`);
      else {
        const next = resolveModule(file, specifier, files);
        if (next) visit(next);
      }
    }
  };
  visit(entry);
  return found;
}

describe('an area’s first view', () => {
  for (const { name } of AREAS.filter((area) => !FORM_FIRST_AREAS.has(area.name))) {
    it(`of ${name} loads no antd`, () => {
      expect(antdInFirstView(path.join(workspaceRoot, 'apps', name, 'src/area.tsx'))).toEqual([]);
    });
  }

  // A shared library is loaded whole before the first view runs: one value taken from the form layer
  // (a one-line helper) made the businesses list wait for all of it (6 KB as served, a request of its own).
  // A list or a timeline that opens editors asks for them (useEditorRequests) and loads them on the
  // first open; the other areas open a record on a page of its own.
  for (const { name } of AREAS.filter((area) => !FORM_FIRST_AREAS.has(area.name))) {
    it(`of ${name} loads no form layer`, () => {
      expect(importsInFirstView(path.join(workspaceRoot, 'apps', name, 'src/area.tsx'), isFormLayer)).toEqual([]);
    });
  }

  it('is framed by the shell without antd (the route that mounts every area)', () => {
    expect(antdInFirstView(path.join(workspaceRoot, 'apps/shell/src/federation/RemoteRoute.tsx'))).toEqual([]);
  });

  it('is told apart from what loads later: a page imported with import() is not in it, one imported at the top is', () => {
    const root = path.join(workspaceRoot, 'apps/example/src');
    const sources: Record<string, string> = {
      [path.join(root, 'area.tsx')]: "import { lazy } from 'react';\nimport { ListPage } from './ListPage';\nconst Detail = lazy(() => import('./Detail'));\n",
      [path.join(root, 'ListPage.tsx')]: "import type { Table as T } from 'antd';\nimport { type ModalProps } from '@steward/libs/ui/antd-data';\nimport {\n  useState,\n} from 'react';\n",
      [path.join(root, 'Detail.tsx')]: "import { Table } from '@steward/libs/ui/antd-data';\n",
    };
    const files: Files = { read: (file) => sources[file] as string, isFile: (file) => file in sources };
    expect(antdInFirstView(path.join(root, 'area.tsx'), files)).toEqual([]);
    sources[path.join(root, 'ListPage.tsx')] += "import { Button } from '@steward/libs/ui/antd';\n";
    sources[path.join(root, 'area.tsx')] += "import 'antd/dist/antd.css';\n";
    expect(antdInFirstView(path.join(root, 'area.tsx'), files)).toEqual([
      'apps/example/src/ListPage.tsx: @steward/libs/ui/antd',
      'apps/example/src/area.tsx: antd/dist/antd.css',
    ]);
  });
});
