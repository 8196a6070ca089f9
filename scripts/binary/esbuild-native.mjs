// esbuild plugin for the single executable's bundle (docs/decisions/0062): everything is bundled,
// because the executable's `require` serves built-in modules only. Native addons (.node files)
// become calls of server/binary/binary.native.ts loadNative(<path under node_modules>), and the
// plugin collects their files for the payload; `bindings` (better-sqlite3's addon finder) the same.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const nodeModules = fs.realpathSync(path.join(root, 'node_modules'));
const loader = path.join(root, 'server/binary/binary.native.ts');
const packageLoader = path.join(root, 'server/binary/binary.packages.ts');

/**
 * @param {Set<string>} natives receives the .node files (relative to node_modules) the bundle loads
 * @param {string[]} separate packages the bundle takes from scripts of their own (server/binary/binary.packages.ts), not bundled
 */
export function nativePlugin(natives, separate = []) {
  const virtual = (relative) => {
    natives.add(relative);
    return { contents: `module.exports = require(${JSON.stringify(loader)}).loadNative(${JSON.stringify(relative)});`, loader: 'js', resolveDir: root };
  };
  return {
    name: 'teamlens-native',
    setup(build) {
      // Packages carried as scripts of their own (scripts/binary/lazy-packages.mjs): a require or
      // import() of one loads its script then.
      if (separate.length) {
        const names = new RegExp(`^(${separate.map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
        build.onResolve({ filter: names }, (args) => ({ path: args.path, namespace: 'teamlens-package' }));
        build.onLoad({ filter: /.*/, namespace: 'teamlens-package' }, (args) => ({
          contents: `module.exports = require(${JSON.stringify(packageLoader)}).loadPackage(${JSON.stringify(args.path)});`,
          loader: 'js',
          resolveDir: root,
        }));
      }
      // better-sqlite3: require('bindings')('better_sqlite3.node')
      build.onResolve({ filter: /^bindings$/ }, () => ({ path: 'bindings', namespace: 'teamlens-bindings' }));
      build.onLoad({ filter: /.*/, namespace: 'teamlens-bindings' }, () => {
        natives.add('better-sqlite3/build/Release/better_sqlite3.node');
        return {
          contents: `module.exports = () => require(${JSON.stringify(loader)}).loadNative('better-sqlite3/build/Release/better_sqlite3.node');`,
          loader: 'js',
          resolveDir: root,
        };
      });
      // sharp: its ESM entry takes createRequire(import.meta.url); the CommonJS one bundles.
      build.onResolve({ filter: /^sharp$/ }, () => ({ path: path.join(nodeModules, 'sharp/dist/index.cjs') }));
      // sharp looks for builds of its own and its version files with template-literal requires
      // (esbuild cannot bundle them; the executable's require warns): each throws, as when not found.
      build.onLoad({ filter: /sharp[\\/]dist[\\/][a-z]+\.cjs$/ }, (args) => ({
        contents: fs
          .readFileSync(args.path, 'utf8')
          .replace(/require\(`[^`]*`\)/g, '(() => { throw Object.assign(new Error("not in the executable"), { code: "MODULE_NOT_FOUND" }); })()'),
        loader: 'js',
      }));
      // sharp's platform package looks libvips up with require.resolve (the executable's require
      // warns and fails); libvips is found beside the addon through its RPATH instead.
      build.onLoad({ filter: /@img[\\/]sharp-linux-x64[\\/]index\.cjs$/ }, (args) => ({
        contents: fs.readFileSync(args.path, 'utf8').replace(/try \{ require\.resolve\([^)]*\); \} catch \{\}/, ''),
        loader: 'js',
      }));
      // graphql-js once, as CommonJS (server/graphql/graphql-runtime.ts takes it with createRequire in the npm build).
      build.onLoad({ filter: /server[\\/]graphql[\\/]graphql-runtime\.ts$/ }, () => ({
        contents: "export const graphql = require('graphql'); export const graphqlWs = require('graphql-ws');",
        loader: 'ts',
        resolveDir: path.join(root, 'server/graphql'),
      }));
      // A module's own `const require = createRequire(import.meta.url)` (packages loaded synchronously on
      // first use, e.g. shared/email-domains/disposable.ts): dropped here, so its require calls are the
      // bundle's and esbuild bundles what they name, still evaluated only when called.
      build.onLoad({ filter: /[\\/](server|shared)[\\/].*\.ts$/ }, (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        const own = /^const require = createRequire\(import\.meta\.url\);$/m;
        return own.test(source) ? { contents: source.replace(own, ''), loader: 'ts' } : undefined;
      });
      // Optional packages this install does not have (ws's native helpers, debug's colours): the
      // executable's require would warn on each try; they throw MODULE_NOT_FOUND like a missing package.
      build.onResolve({ filter: /^(bufferutil|utf-8-validate|supports-color)$/ }, (args) => ({ path: args.path, namespace: 'teamlens-missing' }));
      // A package whose main is a .node file (@node-rs/argon2-linux-x64-gnu)
      build.onResolve({ filter: /^@node-rs\/argon2-linux-x64-gnu$/ }, (args) => {
        const dir = path.join(nodeModules, args.path);
        if (!fs.existsSync(dir)) return { external: true };
        const main = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).main;
        return { path: path.relative(nodeModules, path.join(dir, main)), namespace: 'teamlens-native' };
      });
      // require('./x.node'): the platform's file if this install has it; others throw MODULE_NOT_FOUND (their try/catch moves on)
      build.onResolve({ filter: /\.node$/ }, (args) => {
        if (!args.path.startsWith('.')) return undefined;
        const file = path.resolve(args.resolveDir, args.path);
        if (!fs.existsSync(file)) return { path: args.path, namespace: 'teamlens-missing' };
        return { path: path.relative(nodeModules, fs.realpathSync(file)), namespace: 'teamlens-native' };
      });
      build.onLoad({ filter: /.*/, namespace: 'teamlens-native' }, (args) => virtual(args.path));
      build.onLoad({ filter: /.*/, namespace: 'teamlens-missing' }, (args) => ({
        contents: `throw Object.assign(new Error(${JSON.stringify(`Cannot find module '${args.path}'`)}), { code: 'MODULE_NOT_FOUND' });`,
        loader: 'js',
      }));
    },
  };
}
