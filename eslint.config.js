import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { LAZY_PACKAGES } from './scripts/binary/lazy-packages.mjs';

// The layers (docs/architecture.md): shared imports nothing from server/ or client/;
// server and client never import each other.
// Imports are relative, so a path segment named server/ or client/ is what crosses a boundary.
const crossing = (area) => ({ group: [`**/${area}/**`, `${area}/**`], message: `This folder must not import ${area}/ code.` });

// graphql-js must be one (CJS) instance on the server: take runtime values from graphql-runtime.ts.
const graphqlRuntime = [
  { name: 'graphql', message: 'Import graphql values from server/graphql/graphql-runtime.ts (type imports are fine).', allowTypeImports: true },
  { name: 'graphql-ws', message: 'Import graphql-ws values from server/graphql/graphql-runtime.ts (type imports are fine).', allowTypeImports: true },
];

// Packages a server start does not need: loaded with import() where first used (docs/decisions/0062, warm start).
const lazyPackages = LAZY_PACKAGES.map((name) => ({
  name, allowTypeImports: true, message: `Load ${name} where it is first used (import(), or require from createRequire where the use is synchronous): a server start does not need it (docs/decisions/0062).`,
}));

// The email-domain lists (~1 MB) stay on the server: pages check formats, the server the lists (docs/decisions/0061).
const serverOnlyShared = {
  group: ['**/shared/email-check*', '**/shared/email-domains/**', '**/shared/work-email*'],
  message: 'The email-domain lists are server only: check the format here and show the server\'s field error.',
};

// Dialogs return focus to their opener only through client/components/ui/dialog.tsx (docs/decisions/0060).
const dialogs = [
  { name: 'radix-ui', importNames: ['Dialog', 'AlertDialog'], message: 'Import Dialog and AlertDialog from client/components/ui/dialog.tsx: it returns focus to the control that opened the dialog.' },
];

// Asking before an action goes through the one ConfirmDialog (docs/decisions/0075): no feature builds its own AlertDialog.
const confirmDialog = {
  group: ['**/components/ui/dialog.js'],
  importNames: ['AlertDialog'],
  message: 'Ask with ConfirmDialog from client/components/ui/confirm-dialog.tsx: the one confirm dialog of the app.',
};
// The two automation pages keep their own until the automation work that is changing them lands.
const ownAlertDialogsForNow = ['client/features/feedback/feedback-automation-page.tsx', 'client/features/retros/retro-automation-page.tsx'];

// Dates, times, numbers and percentages are written to people only by shared/format.ts (docs/decisions/0070).
const INTL_WRITERS = /^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/;
const formatHere = 'Write dates, times and numbers with shared/format.ts (formatDay, formatDateTime, formatNumber, formatPercent, ...): one way across the app (docs/decisions/0070).';
const oneFormatter = {
  'no-restricted-syntax': ['error',
    { selector: `NewExpression[callee.object.name='Intl'][callee.property.name=${INTL_WRITERS}]`, message: formatHere },
    { selector: `CallExpression[callee.object.name='Intl'][callee.property.name=${INTL_WRITERS}]`, message: formatHere },
    { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]", message: formatHere },
  ],
};

const restrict = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
});

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'migrations/', '.tmp/', 'client/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  { files: ['**/*.{ts,tsx}'], ignores: ['shared/format.ts', 'shared/format.test.ts'], rules: oneFormatter },
  { files: ['shared/**/*.ts'], rules: restrict([crossing('server'), crossing('client')], lazyPackages) },
  { files: ['client/**/*.{ts,tsx}'], rules: restrict([crossing('server'), serverOnlyShared, confirmDialog], dialogs) },
  // React's hook rules with the React Compiler's checks (docs/decisions/0074).
  {
    files: ['client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Only says the compiler would not memoize a component using such a library (useVirtualizer): no compiler, no React.memo here.
      'react-hooks/incompatible-library': 'off',
    },
  },
  { files: ['client/components/ui/dialog.tsx'], rules: restrict([crossing('server'), serverOnlyShared]) },
  { files: ['client/components/ui/confirm-dialog.tsx', 'client/components/ui/dialog.test.tsx', ...ownAlertDialogsForNow], rules: restrict([crossing('server'), serverOnlyShared], dialogs) },
  { files: ['server/**/*.test.ts', 'server/graphql/graphql-runtime.ts'], rules: restrict([crossing('client')]) },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/graphql/graphql-runtime.ts'],
    rules: restrict([crossing('client')], [...graphqlRuntime, ...lazyPackages]),
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
