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
  name,
  allowTypeImports: true,
  message: `Load ${name} where it is first used (import(), or require from createRequire where the use is synchronous): a server start does not need it (docs/decisions/0062).`,
}));

// The email-domain lists (~1 MB) stay on the server: pages check formats, the server the lists (docs/decisions/0061).
const serverOnlyShared = {
  group: ['**/shared/email-check*', '**/shared/email-domains/**', '**/shared/work-email*'],
  message: "The email-domain lists are server only: check the format here and show the server's field error.",
};

// The web app's GraphQL documents are strings typed by gql.tada (docs/decisions/0072): its runtime, a parser, stays out of the pages.
const tadaTypesOnly = {
  group: ['**/lib/graphql-tada*', 'gql.tada', 'gql.tada/*'],
  allowTypeImports: true,
  message: 'Write documents with graphql() from client/lib/graphql.ts; gql.tada is imported for its types only.',
};

// Dialogs return focus to their opener only through client/components/ui/dialog.tsx (docs/decisions/0060).
const dialogs = [
  {
    name: 'radix-ui',
    importNames: ['Dialog', 'AlertDialog'],
    message: 'Import Dialog and AlertDialog from client/components/ui/dialog.tsx: it returns focus to the control that opened the dialog.',
  },
];

// Asking before an action goes through the one ConfirmDialog (docs/decisions/0075): no feature builds its own AlertDialog.
const confirmDialog = {
  group: ['**/components/ui/dialog.js'],
  importNames: ['AlertDialog'],
  message: 'Ask with ConfirmDialog from client/components/ui/confirm-dialog.tsx: the one confirm dialog of the app.',
};
// The two automation pages keep their own until the automation work that is changing them lands.
const ownAlertDialogsForNow = ['client/features/feedback/feedback-automation-page.tsx', 'client/features/retros/retro-automation-page.tsx'];

// Date arithmetic goes through shared/dates.ts (docs/decisions/0079), which alone imports date-fns, so every
// calculation names its zone; 24 hours is DAY_MS from shared/dates.days.ts, never a literal.
const datesHere =
  'Count dates with shared/dates.ts (addDays, addMonths, startOfWeek, dayOf, daysBetween: UTC or a named zone); 24 hours as a length of time is DAY_MS from shared/dates.days.ts (docs/decisions/0079).';
const oneDateArithmetic = [
  { selector: 'Literal[value=86400000]', message: datesHere },
  {
    selector:
      "BinaryExpression[operator='*']:has(Literal[value=24]):has(Literal[value=60]):has(Literal[value=1000]):not(BinaryExpression[operator='*'] > BinaryExpression)",
    message: datesHere,
  },
  {
    selector: "BinaryExpression[operator='*']:has(Literal[value=24]):has(Literal[value=3600000]):not(BinaryExpression[operator='*'] > BinaryExpression)",
    message: datesHere,
  },
  { selector: "BinaryExpression[operator='*']:has(Literal[value=86400]):has(Literal[value=1000])", message: datesHere },
  { selector: 'ImportDeclaration[source.value=/^(date-fns|@date-fns)/]', message: datesHere },
  // An instant's day as text: `x.toISOString().slice(0, 10)` (docs/decisions/0082).
  {
    selector: "CallExpression[callee.property.name='slice'][callee.object.callee.property.name='toISOString'][arguments.0.value=0][arguments.1.value=10]",
    message:
      'The day an instant falls on is dayOf(at, zone) from shared/dates.ts (UTC unless a zone is named; today: todayIn(zone)); a page that loads no date-fns takes utcDayOf from shared/dates.days.ts (docs/decisions/0082).',
  },
];

// Dates, times, numbers and percentages are written to people only by shared/format.ts (docs/decisions/0070).
const INTL_WRITERS = /^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/;
const formatHere =
  'Write dates, times and numbers with shared/format.ts (formatDay, formatDateTime, formatNumber, formatPercent, ...): one way across the app (docs/decisions/0070).';
const oneFormatter = {
  'no-restricted-syntax': [
    'error',
    { selector: `NewExpression[callee.object.name='Intl'][callee.property.name=${INTL_WRITERS}]`, message: formatHere },
    { selector: `CallExpression[callee.object.name='Intl'][callee.property.name=${INTL_WRITERS}]`, message: formatHere },
    { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]', message: formatHere },
    ...oneDateArithmetic,
  ],
};

// A server feature's anatomy (docs/architecture.md, docs/decisions/0076): SQL through Drizzle only in
// *.repo.ts, *.tables.ts and server/db/; a feature reads another feature's tables only through that
// feature's repo; the raw better-sqlite3 handle only in server/db/.
const drizzleOnlyInRepos = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/sqlite.js'],
  message:
    "SQL (Drizzle, or statements from server/db/sqlite.ts) belongs in a *.repo.ts, a *.tables.ts or server/db/: put this query in the feature's repo as a named function and call it (docs/decisions/0076).",
};
// Relative imports: from server/features/<a>/x.ts another feature's tables are ../<b>/…tables.js (and
// ../../jobs/jobs.tables.js is the scheduler's); from server/features/<a>/<part>/x.ts they are
// ../../<b>/…tables.js (../x.tables.js is a's own).
const otherFeatureTables = (up) => ({
  group: [`${'../'.repeat(up)}*/*.tables.js`, `${'../'.repeat(up + 1)}**/*.tables.js`],
  message:
    "Another feature's tables are its own: call the functions its repo (or index) exports, or add one there; a repo statement that joins its table takes the table from its repo (docs/decisions/0076).",
});
const anatomy = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const rawHere =
  'The raw SQLite handle ($client, pragma, prepare, SQL functions, transactions) is used only under server/db/: call a helper from server/db/sqlite.ts or add one there (docs/decisions/0076).';
const rawSqlite = [
  { selector: "MemberExpression[property.name='$client']", message: rawHere },
  { selector: 'CallExpression[callee.property.name=/^(pragma|function)$/]', message: rawHere },
  { selector: "CallExpression[callee.property.name='prepare'][arguments.0.type=/^(Literal|TemplateLiteral)$/]", message: rawHere },
];
// Tests and the code only tests load (*.test-support.ts, the authorization matrix's objects, server/test/)
// write fixture rows straight into tables; server/db/ is where the raw handle and the schema live.
const ANATOMY_EXEMPT = [
  'server/**/*.test.ts',
  'server/**/*.test-support.ts',
  'server/**/*.matrix-support.ts',
  'server/graphql/authorization-matrix.*.ts',
  'server/test/**',
  'server/db/**',
];

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
  { files: ['shared/format.ts', 'shared/format.test.ts'], rules: { 'no-restricted-syntax': ['error', ...oneDateArithmetic] } },
  {
    files: ['shared/dates.ts', 'shared/dates.days.ts'],
    rules: { 'no-restricted-syntax': oneFormatter['no-restricted-syntax'].filter((entry) => !oneDateArithmetic.includes(entry)) },
  },
  { files: ['shared/**/*.ts'], rules: restrict([crossing('server'), crossing('client')], lazyPackages) },
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/lib/graphql-tada.ts'],
    rules: restrict([crossing('server'), serverOnlyShared, tadaTypesOnly, confirmDialog], dialogs),
  },
  { files: ['client/lib/graphql-tada.ts'], rules: restrict([crossing('server'), serverOnlyShared, confirmDialog], dialogs) },
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
  // The browser's own confirm() is the other way to ask before an action: ConfirmDialog is the one (docs/decisions/0075).
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'confirm', message: 'Ask with ConfirmDialog from client/components/ui/confirm-dialog.tsx.' }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'confirm', message: 'Ask with ConfirmDialog from client/components/ui/confirm-dialog.tsx.' },
      ],
    },
  },
  { files: ['client/components/ui/dialog.tsx'], rules: restrict([crossing('server'), serverOnlyShared, tadaTypesOnly]) },
  {
    files: ['client/components/ui/confirm-dialog.tsx', 'client/components/ui/dialog.test.tsx', ...ownAlertDialogsForNow],
    rules: restrict([crossing('server'), serverOnlyShared, tadaTypesOnly], dialogs),
  },
  { files: ['server/**/*.test.ts', 'server/graphql/graphql-runtime.ts'], rules: restrict([crossing('client')]) },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/graphql/graphql-runtime.ts'],
    rules: restrict([crossing('client')], [...graphqlRuntime, ...lazyPackages]),
  },
  // The feature anatomy (docs/decisions/0076). Later objects win for the same rule.
  { files: ['server/**/*.ts'], ignores: ANATOMY_EXEMPT, rules: anatomy(drizzleOnlyInRepos) },
  { files: ['server/**/*.repo.ts'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['server/features/*/*.ts'], ignores: ANATOMY_EXEMPT, rules: anatomy(drizzleOnlyInRepos, otherFeatureTables(1)) },
  { files: ['server/features/*/*/*.ts'], ignores: ANATOMY_EXEMPT, rules: anatomy(drizzleOnlyInRepos, otherFeatureTables(2)) },
  { files: ['server/features/*/*.repo.ts'], ignores: ANATOMY_EXEMPT, rules: anatomy(otherFeatureTables(1)) },
  { files: ['server/features/*/*/*.repo.ts'], ignores: ANATOMY_EXEMPT, rules: anatomy(otherFeatureTables(2)) },
  // A *.tables.ts may name another feature's table for a foreign key (drizzle-kit reads them all).
  { files: ['server/**/*.tables.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['server/**/*.ts'],
    ignores: ANATOMY_EXEMPT,
    rules: { 'no-restricted-syntax': ['error', ...oneFormatter['no-restricted-syntax'].slice(1), ...rawSqlite] },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
