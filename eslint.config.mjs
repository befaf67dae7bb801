// Lint rules that keep the architecture honest (who may import what) plus the usual correctness rules.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { AREAS } from './libs/src/runtime-config/areas.mjs';
import { CONVERTED_FOLDERS } from './build/i18n/folders.mjs';
import { stewardI18nPlugin } from './build/i18n/noLiteralText.mjs';

/**
 * The layers of @steward/libs, bottom first, one folder each (a folder inside another, as ui/core in ui,
 * is a layer of its own). A layer imports only the layers below it: never one beside it or above it, so
 * the layering is a rule that fails the build, not a comment. Tests are exempt. Which of them the
 * browser loads first is not said here but by the bundler (build/federation.mjs FIRST_VIEW_MODULES,
 * build/rsbuildApp.mjs's chunks, and libs/src/boot).
 */
const LIBS_LAYERS = [
  ['i18n'],
  // libs' own words (one catalogue, 'libs'): every layer above may say something.
  ['messages'],
  ['org-scope', 'runtime-config', 'router', 'filter', 'ui/antd', 'ui/antd-data'],
  ['ui/core'],
  ['ui', 'shell', 'boot'],
  ['data'],
  ['session'],
  ['form', 'area'],
  ['list'],
  // Conversations: the composer and a record's messages, built on forms and lists.
  ['conversations'],
  // Test support (render inside the providers, a recording client): above everything, used by tests only.
  ['testing'],
];

const ALL_LAYERS = LIBS_LAYERS.flat();
/** The layers inside `layer`'s folder (ui/core inside ui). */
const nestedIn = (layer) => ALL_LAYERS.filter((other) => other.startsWith(`${layer}/`));

/**
 * A regular expression for the import specifiers that name any of `layers`, by package subpath or
 * relative path (from a folder or one inside it), leaving out the `allowed` layers inside them (ui/core
 * inside ui).
 */
function layersPattern(layers, allowed) {
  const alternatives = layers.map((layer) => {
    const inside = allowed.filter((inner) => inner.startsWith(`${layer}/`)).map((inner) => inner.slice(layer.length + 1));
    return inside.length ? `${layer}(?:/(?!(?:${inside.join('|')})(?:/|$)).*)?` : `${layer}(?:/.*)?`;
  });
  return `^(?:@steward/libs/|(?:\\.\\./){1,2})(?:${alternatives.join('|')})$`;
}

function libsLayerRules() {
  return LIBS_LAYERS.flatMap((tier, level) =>
    tier.flatMap((layer) => {
      const forbidden = LIBS_LAYERS.slice(level).flat().filter((other) => other !== layer);
      if (forbidden.length === 0) return [];
      // A forbidden folder's allowed layers inside it (ui/core below ui) stay allowed.
      const allowedInside = forbidden.flatMap(nestedIn).filter((inner) => !forbidden.includes(inner) && inner !== layer);
      return {
        files: [`libs/src/${layer}/**/*.{ts,tsx}`],
        // Tests may build on any layer (an integration test of the filter compiler needs a client); a
        // layer inside this folder has rules of its own.
        ignores: ['**/*.test.{ts,tsx}', '**/*.testUtil.{ts,tsx}', ...nestedIn(layer).map((inner) => `libs/src/${inner}/**`)],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: layer === 'router' ? [] : ROUTER_PACKAGES,
              patterns: [
                {
                  regex: layersPattern(forbidden, allowedInside),
                  message: `libs/${layer} may import only the layers below it (${LIBS_LAYERS.slice(0, level).flat().join(', ') || 'none'}); see LIBS_LAYERS in eslint.config.mjs.`,
                },
              ],
            },
          ],
        },
      };
    }),
  );
}

const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.testUtil.{ts,tsx}'];
/** One router on the page, and only the part the platform uses: everyone imports it from libs/router. */
const ROUTER_PACKAGES = ['react-router', 'react-router-dom'].map((name) => ({ name, message: "Import from '@steward/libs/router' (one shared router)." }));
const TESTING_ONLY = { name: '@steward/libs/testing', message: 'Test support is for tests only.' };

/** What an app may not import (a later block for the same files replaces the rule, so both share this). */
function appImportRule(extraPaths = []) {
  return [
    'error',
    {
      paths: [
        { name: 'antd', message: "Import from '@steward/libs/ui/antd' or '@steward/libs/ui/antd-data' (one shared antd)." },
        { name: '@supabase/supabase-js', message: "Use '@steward/libs/data'.", allowTypeImports: true },
        ...ROUTER_PACKAGES,
        ...extraPaths,
      ],
      patterns: [
        // The prebuilt stylesheet (zero-runtime mode) is the one antd file an app may load itself.
        { regex: '^antd/(?!dist/antd\\.css(\\?data)?$)', message: "Import from '@steward/libs/ui/antd' or '@steward/libs/ui/antd-data'." },
        { group: ['../../*/src/*', ...AREAS.map((area) => `@steward/${area.name}*`)], message: 'Remotes never import another app.' },
      ],
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '.steward/**', '.nx/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Apps reach antd only through the libs design-system surface, and Supabase only through @steward/libs/data.
    files: ['apps/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': appImportRule() },
  },
  {
    // Test support stays in tests.
    files: ['apps/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: { 'no-restricted-imports': appImportRule([TESTING_ONLY]) },
  },
  {
    // A screen or component never queries directly: it calls a named function of its feature's api
    // module (or a @steward/libs/data hook), so every query has a name, a home and a test.
    files: ['apps/**/*.tsx'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': appImportRule([
        TESTING_ONLY,
        { name: '@steward/libs/data', importNames: ['getDatabase', 'loadSupabase'], message: 'Screens call a named query or write function (an api module of their feature), not the client.' },
      ]),
    },
  },
  {
    // libs' tests reach the local stack through its test-support entry, not into another package's files.
    files: ['libs/**/*.test.{ts,tsx}', 'libs/**/*.testUtil.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/supabase/tests/**', '**/supabase/local/**'], message: "Use '@steward/supabase/testing'." }] },
      ],
    },
  },
  ...libsLayerRules(),
  {
    // Every word a person reads goes through the message function, in the folders converted so far
    // (build/i18n/folders.mjs lists them all; tests may use literals).
    files: CONVERTED_FOLDERS.map((folder) => `${folder}/**/*.{ts,tsx}`),
    ignores: TEST_FILES,
    plugins: { steward: stewardI18nPlugin },
    rules: { 'steward/no-literal-text': 'error' },
  },
);
