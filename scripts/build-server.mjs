// Bundles the server into dist/server/*.mjs (npm packages stay external) so production runs
// on plain Node: faster start and ~50 MB less memory than running TypeScript through tsx.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'server/server.ts', backup: 'server/backup.ts', 'demo-remove': 'server/demo-remove.ts', 'reset-link': 'server/reset-link.ts' },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log('bundled the server into dist/server');
