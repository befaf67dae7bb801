// `npx nx g @steward/tools:area <name>`: everything a new area needs to register and show its menu
// group, written in one step — its declaration (areas.mjs), its remote app (apps/<name>, built like the
// others by build/rsbuildApp.mjs), its first route and menu group (the route table and the sidebar's
// icon), and the migration that adds its component to the database's catalogue.
// Works on any Nx Tree (the real workspace, or a virtual one in tests); plain CommonJS so Nx loads it
// without a transpiler.

/** @typedef {import('nx/src/devkit-exports').Tree} Tree */
/** @typedef {{ name: string, title?: string, group?: string, path?: string, section?: string, timestamp?: string | number }} AreaSchema */
/** @typedef {{ name: string, title: string, group: string, path: string, section: string, timestamp: string, component: string }} Area */

const AREAS_FILE = 'libs/src/runtime-config/areas.mjs';
const ROUTE_TABLE_FILE = 'libs/src/shell/routes.mjs';
const MENU_ICON_FILE = 'apps/shell/src/layout/MenuIcon.tsx';
const MIGRATIONS_DIR = 'supabase/migrations';

/** Icon of a new menu group until someone draws its own: a plain grid, on the same 24-unit grid. */
const DEFAULT_ICON = 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** @param {string} name */
function titleCase(name) {
  return name
    .split('-')
    .map((/** @type {string} */ word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** 'front-office' → 'FrontOffice' (component names). */
/** @param {string} name */
function pascalCase(name) {
  return titleCase(name).replace(/ /g, '');
}

/** @param {Date} date */
function utcTimestamp(date) {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** A JavaScript/TypeScript single-quoted string literal. */
/** @param {string} text */
function quoteJs(text) {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A SQL string literal. */
/** @param {string} text */
function quoteSql(text) {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The options with their defaults filled in; throws on a name or path the platform cannot use.
 * @param {AreaSchema} options
 * @returns {Area}
 */
function normalizeOptions(options) {
  const name = String(options.name ?? '').trim();
  if (!NAME.test(name)) throw new Error(`An area's name is kebab-case letters and digits ('events', 'front-office'); got '${name}'.`);
  if (name === 'shell') throw new Error("'shell' is the host, not an area.");
  const title = options.title?.trim() || titleCase(name);
  const group = options.group?.trim() || title;
  const path = options.path?.trim() || `/${name}`;
  if (!/^\/[a-z0-9][a-z0-9/-]*$/.test(path)) throw new Error(`The first page's path is an absolute lower-case route ('/${name}'); got '${path}'.`);
  const section = options.section?.trim() || title;
  const timestamp = String(options.timestamp ?? utcTimestamp(new Date()));
  if (!/^\d{14}$/.test(timestamp)) throw new Error(`A migration timestamp has 14 digits (YYYYMMDDhhmmss); got '${timestamp}'.`);
  return { name, title, group, path, section, timestamp, component: pascalCase(name) };
}

/** @param {Tree} tree @param {string} file */
function read(tree, file) {
  const text = tree.read(file, 'utf-8');
  if (text === null) throw new Error(`${file} is missing: run the generator at the workspace root.`);
  return text;
}

/**
 * Replaces the one match of `pattern` in `text`, or explains which file changed shape.
 * @param {string} text @param {RegExp} pattern @param {(match: string, ...groups: string[]) => string} replacer
 * @param {string} file @param {string} what
 */
function replaceOnce(text, pattern, replacer, file, what) {
  const match = text.match(pattern);
  if (!match) throw new Error(`${file}: cannot find ${what}; the generator needs updating to its new shape.`);
  return text.replace(pattern, replacer);
}

/** Adds the area to areas.mjs with the next free port offset. @param {Tree} tree @param {Area} o */
function declareArea(tree, o) {
  const text = read(tree, AREAS_FILE);
  const names = [...text.matchAll(/name: '([^']+)'/g)].map((match) => match[1]);
  if (names.includes(o.name)) throw new Error(`The area '${o.name}' is already declared in ${AREAS_FILE}.`);
  const offsets = [...text.matchAll(/portOffset: (\d+)/g)].map((match) => Number(match[1]));
  const portOffset = Math.max(0, ...offsets) + 1;
  const entry = `  { name: ${quoteJs(o.name)}, title: ${quoteJs(o.title)}, portOffset: ${portOffset} },\n`;
  tree.write(AREAS_FILE, replaceOnce(text, /(export const AREAS = [^\n]*\n(?:  \{[^\n]*\},\n)*)/, (block) => block + entry, AREAS_FILE, 'the AREAS list'));
  return portOffset;
}

/** Adds the menu group (name, order), the first page's route and the group's sidebar icon. @param {Tree} tree @param {Area} o */
function addRouteAndGroup(tree, o) {
  let text = read(tree, ROUTE_TABLE_FILE);
  if (text.includes(`path: ${quoteJs(o.path)},`)) throw new Error(`The route ${o.path} already exists in ${ROUTE_TABLE_FILE}.`);
  const groupLiteral = quoteJs(o.group);
  const newGroup = !new RegExp(`\\n  ${groupLiteral.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},\\n`).test(text.slice(0, text.indexOf('export const ROUTES')));
  if (newGroup) {
    text = replaceOnce(text, /(export const MENU_GROUP_ORDER = \/\*\* @type \{const\} \*\/ \(\[\n(?:  '[^']+',\n)*)\]\);/, (block, list) => `${list}  ${groupLiteral},\n]);`, ROUTE_TABLE_FILE, 'MENU_GROUP_ORDER');
  }
  const row = `  { path: ${quoteJs(o.path)}, owner: ${quoteJs(o.name)}, section: ${quoteJs(o.section)}, menu: { group: ${groupLiteral} } },\n`;
  text = replaceOnce(text, /(export const ROUTES = \[\n[\s\S]*?\n)\];/, (block, rows) => `${rows}\n${row}];`, ROUTE_TABLE_FILE, 'the ROUTES table');
  tree.write(ROUTE_TABLE_FILE, text);

  if (newGroup) {
    const icons = read(tree, MENU_ICON_FILE);
    const key = /^[A-Za-z_$][\w$]*$/.test(o.group) ? o.group : groupLiteral;
    tree.write(MENU_ICON_FILE, replaceOnce(icons, /\n  Menu: /, () => `\n  ${key}: ${quoteJs(DEFAULT_ICON)},\n  Menu: `, MENU_ICON_FILE, 'the icon paths'));
  }
}

/** The remote app, shaped like the smallest existing one (apps/catalog): one page in its menu group. @param {Tree} tree @param {Area} o */
function writeApp(tree, o) {
  const root = `apps/${o.name}`;
  if (tree.exists(`${root}/package.json`)) throw new Error(`${root} already exists.`);
  const page = `${o.component}Page`;
  const files = {
    'package.json': `${JSON.stringify(
      {
        name: `@steward/${o.name}`,
        version: '0.1.0',
        private: true,
        type: 'module',
        dependencies: { '@steward/libs': '0.1.0' },
        scripts: { build: 'rsbuild build', dev: 'rsbuild dev', lint: 'eslint src' },
      },
      null,
      2,
    )}\n`,
    'rsbuild.config.ts': `import { defineRemoteConfig } from '../../build/rsbuildApp.mjs';

export default defineRemoteConfig(import.meta.dirname, ${quoteJs(o.name)}, ${quoteJs(o.title)});
`,
    'tsconfig.json': `${JSON.stringify(
      {
        extends: '../../tsconfig.base.json',
        compilerOptions: { types: ['node', 'vitest/globals'] },
        include: ['src', '../../build/globals.d.ts', 'rsbuild.config.ts'],
      },
      null,
      2,
    )}\n`,
    'src/index.ts': `// Async boundary: shared modules are negotiated before any app code runs.
import('./bootstrap');
`,
    'src/bootstrap.tsx': `import { renderStandalone } from '@steward/libs/area';
import area from './area';

// Runs only when the ${o.title} remote is opened on its own (standalone); the shell imports './area'.
renderStandalone(area);
`,
    'src/area.tsx': `import { Route, Routes } from '@steward/libs/router';
import { defineArea } from '@steward/libs/shell';
import { ${page} } from './${o.name}/${page}';

function ${o.component}Routes() {
  return (
    <Routes>
      <Route path=${JSON.stringify(o.path.slice(1))} element={<${page} />} />
    </Routes>
  );
}

/** The ${o.title} area: its routes and menu group are declared in the route table. */
const area = defineArea(${quoteJs(o.name)}, __STEWARD_APP_VERSION__, ${o.component}Routes);

export default area;
`,
    [`src/${o.name}/${page}.tsx`]: `import { Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { PageFrame } from '@steward/libs/ui';

/** ${o.path}: the area's first page. */
export function ${page}() {
  return (
    <PageFrame title=${JSON.stringify(o.section)}>
      <Card>
        <Typography.Paragraph>${o.section} is ready for its first screen.</Typography.Paragraph>
      </Card>
    </PageFrame>
  );
}
`,
  };
  for (const [file, content] of Object.entries(files)) tree.write(`${root}/${file}`, content);
}

/**
 * The migration that registers the area's component: the catalogue row (its name and title match
 * areas.mjs, which a stack test checks) and the `_system_default_` organisation's row, which offers
 * it to every organisation, and full levels for every organisation's owner role. New organisations get
 * every component; an existing one enables it under Organization Settings.
 * @param {Area} o
 */
function componentMigrationSql(o) {
  return `-- The ${o.title} area's component: the catalogue row (name and title as in areas.mjs) and the
-- \`_system_default_\` organisation's row that offers it to every organisation. Re-running is harmless.

insert into settings.components (name, display_name, description, component_type)
values (${quoteSql(o.name)}, ${quoteSql(o.title)}, ${quoteSql(`${o.section} (the ${o.title} area)`)}, 'remote')
on conflict (name) do nothing;

insert into settings.org_components (org_name, component_id, enabled)
select '_system_default_', c.id, true from settings.components c where c.name = ${quoteSql(o.name)}
on conflict (org_name, component_id) do nothing;

-- Every organisation's owner role reaches the new area as it reaches every other (as a new
-- organisation's owner does); other roles start at None until an owner grants them more.
insert into settings.user_role_permissions (org_name, role_id, component_id, view_access, create_access, edit_access, delete_access)
select r.org_name, r.id, c.id, 'Organization', 'allowed', 'Organization', 'Organization'
from public.user_roles r
cross join settings.components c
where c.name = ${quoteSql(o.name)} and r.role_name = 'owner' and r.org_name <> '_system_default_'
on conflict (role_id, component_id) do nothing;
`;
}

/** @param {Area} o */
function migrationFile(o) {
  return `${MIGRATIONS_DIR}/${o.timestamp}_${o.name.replace(/-/g, '_')}_area.sql`;
}

/** @param {Tree} tree @param {Area} o */
function writeMigration(tree, o) {
  const file = migrationFile(o);
  if (tree.exists(file)) throw new Error(`${file} already exists.`);
  tree.write(file, componentMigrationSql(o));
  return file;
}

/**
 * The Nx generator. Returns a callback Nx runs after writing (it prints the next steps).
 * @param {Tree} tree @param {AreaSchema} options
 */
async function areaGenerator(tree, options) {
  const o = normalizeOptions(options);
  const portOffset = declareArea(tree, o);
  addRouteAndGroup(tree, o);
  writeApp(tree, o);
  const migration = writeMigration(tree, o);
  return () => {
    console.log(
      [
        `The ${o.title} area is declared (port offset ${portOffset}), with ${o.path} in the '${o.group}' menu group.`,
        `Next: npm install (links apps/${o.name}), apply ${migration} (npm run db:reset), then npm start.`,
        `The sidebar test (libs/src/shell/routeTable.test.ts) spells out the menu: add the '${o.group}' group to it.`,
      ].join('\n'),
    );
  };
}

module.exports = { areaGenerator, default: areaGenerator, normalizeOptions, componentMigrationSql, migrationFile };
