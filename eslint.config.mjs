// Lint rules that keep the architecture honest (who may import what) plus the usual correctness rules.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    // Apps reach antd only through the libs design-system surface, and Supabase only through data-access.
    files: ['apps/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd', message: "Import from '@steward/libs/antd' or '@steward/libs/antd-data' (one shared antd)." },
            { name: '@supabase/supabase-js', message: "Use '@steward/libs/data-access'.", allowTypeImports: true },
          ],
          patterns: [
            { group: ['antd/*'], message: "Import from '@steward/libs/antd' or '@steward/libs/antd-data'." },
            { group: ['../../*/src/*', '@steward/crm*', '@steward/catalog*', '@steward/lodging*', '@steward/team-portal*', '@steward/operations*', '@steward/settings*'], message: 'Remotes never import another app.' },
          ],
        },
      ],
    },
  },
);
