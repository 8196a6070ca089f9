import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'migrations/', 'client/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      // Architecture rule 3: shared imports nothing from server/ or client/; server and client never import each other.
      'import-x/no-restricted-paths': ['error', {
        zones: [
          { target: './shared', from: './server', message: 'shared/ must not import server code.' },
          { target: './shared', from: './client', message: 'shared/ must not import client code.' },
          { target: './server', from: './client', message: 'server/ must not import client code.' },
          { target: './client', from: './server', message: 'client/ must not import server code.' },
        ],
      }],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/graphql/graphql-runtime.ts', 'server/**/*.test.ts'],
    rules: {
      // graphql-js must be one (CJS) instance on the server: take runtime values from graphql-runtime.ts.
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          { name: 'graphql', message: 'Import graphql values from server/graphql/graphql-runtime.ts (type imports are fine).', allowTypeImports: true },
          { name: 'graphql-ws', message: 'Import graphql-ws values from server/graphql/graphql-runtime.ts (type imports are fine).', allowTypeImports: true },
        ],
      }],
    },
  },
);
