// Packages a server start does not need (docs/decisions/0062, warm start): the server loads them where
// first used, with import() or, where the use is synchronous, require from createRequire; eslint
// refuses static imports of them (eslint.config.js). The single executable carries each of these but
// sharp (a native addon, loaded from the unpacked files) as a script of its own, compiled on its
// first use (server/binary/binary.packages.ts), so the server script a start compiles stays small.
export const LAZY_PACKAGES = [
  'sharp',
  'wink-nlp',
  'wink-eng-lite-web-model',
  'nodemailer',
  'undici',
  'stripe',
  'jira.js',
  'azure-devops-node-api',
  '@octokit/rest',
  '@octokit/auth-app',
  '@slack/web-api',
  'mailchecker',
  'disposable-email-domains-js',
  'tldts',
];
export const SEPARATE_PACKAGES = LAZY_PACKAGES.filter((name) => name !== 'sharp');
