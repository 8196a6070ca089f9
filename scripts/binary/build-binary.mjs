// `npm run build:binary`: dist/bin/teamlens-linux-x64 (and .sha256), a single executable made with
// Node's single executable applications from a pinned Node (docs/decisions/0062). Inside: the server
// bundled with its packages (server/binary/binary.main.ts) with its code cache, the main script that
// runs it (binary.start.ts), and one payload with the built web app, the migrations and the native
// addons, which the executable unpacks once per build into RUNTIME_DIR.
// Needs `npm run build` first (the npm script runs it when dist/ is stale).
import { execFileSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nativePlugin } from './esbuild-native.mjs';
import { SEPARATE_PACKAGES } from './lazy-packages.mjs';
import { checkAddonAbi, NODE_VERSION, pinnedNode } from './node-runtime.mjs';
import { glibcFloor } from './glibc-floor.mjs';

const started = Date.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'dist/bin');
const work = path.join(out, '.work');
const target = path.join(out, 'teamlens-linux-x64');
const nodeModules = fs.realpathSync(path.join(root, 'node_modules'));
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const step = (what) => console.log(`${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

checkAddonAbi();
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

// 1. The scripts, CommonJS, each wrapped as a function of (exports, require, module, __filename,
// __dirname): the server with its packages (server/binary/binary.main.ts) but those a start does not
// need, which are scripts of their own, compiled on first use (lazy-packages.mjs, binary.packages.ts);
// the small main script that compiles the server with a V8 code cache (binary.start.ts); and the
// build's code cache of the server, made by the Node the executable is (V8 refuses another's).
const natives = new Set();
const bundle = (input, outfile, plugins = []) =>
  build({
    ...input,
    outfile: path.join(work, outfile),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['main', 'module'],
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'error',
    plugins,
  });
const wrap = (from, to) =>
  fs.writeFileSync(path.join(work, to), `(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(path.join(work, from), 'utf8')}\n})`);
await bundle({ entryPoints: [path.join(root, 'server/binary/binary.main.ts')] }, 'server-bundle.cjs', [nativePlugin(natives, SEPARATE_PACKAGES)]);
wrap('server-bundle.cjs', 'server.cjs');
const packageScripts = {};
await Promise.all(
  SEPARATE_PACKAGES.map(async (name) => {
    const file = `package-${name.replace(/[@/]/g, '_')}.cjs`;
    const addons = new Set();
    await bundle(
      { stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root, sourcefile: `${name}.cjs`, loader: 'js' } },
      `${file}.bundle`,
      [nativePlugin(addons)],
    );
    if (addons.size)
      throw new Error(
        `${name} loads native addons (${[...addons].join(', ')}): take it out of SEPARATE_PACKAGES (scripts/binary/lazy-packages.mjs), a script of its own cannot load them.`,
      );
    wrap(`${file}.bundle`, file);
    packageScripts[`package:${name}`] = path.join(work, file);
  }),
);
const node = pinnedNode(root);
execFileSync(
  node,
  [
    path.join(root, 'scripts/binary/check-package-scripts.mjs'),
    ...Object.entries(packageScripts).map(([key, file]) => `${key.slice('package:'.length)}=${file}`),
  ],
  { stdio: 'inherit' },
);
await bundle({ entryPoints: [path.join(root, 'server/binary/binary.start.ts')] }, 'start.cjs');
await bundle({ entryPoints: [path.join(root, 'server/binary/binary.code-cache.ts')] }, 'code-cache.cjs');
execFileSync(node, [
  '-e',
  'require(process.argv[1]).writeBuildCodeCache(...process.argv.slice(2))',
  path.join(work, 'code-cache.cjs'),
  path.join(work, 'server.cjs'),
  path.join(work, 'server-cache.bin'),
]);
step(`bundled the server, and ${SEPARATE_PACKAGES.length} packages it loads on first use`);

// 2. The payload: web app, migrations, native addons (with libvips beside sharp's addon).
const files = [];
const add = (from, to) => {
  for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({ from: full, path: path.join(to, path.relative(from, full)) });
  }
};
add(path.join(root, 'dist/client'), 'dist/client');
add(path.join(root, 'migrations'), 'migrations');
for (const relative of natives) files.push({ from: path.join(nodeModules, relative), path: path.join('node_modules', relative) });
const libvips = path.join(nodeModules, '@img/sharp-libvips-linux-x64/lib');
for (const name of fs.readdirSync(libvips).filter((n) => n.includes('.so')))
  files.push({ from: path.join(libvips, name), path: path.join('node_modules/@img/sharp-libvips-linux-x64/lib', name) });

const entries = [];
const chunks = [];
let offset = 0;
for (const f of files.sort((a, b) => a.path.localeCompare(b.path))) {
  const data = fs.readFileSync(f.from);
  entries.push({ path: f.path, offset, size: data.length, mode: fs.statSync(f.from).mode & 0o777 });
  chunks.push(data);
  offset += data.length;
}
const payload = Buffer.concat(chunks);
const hash = crypto.createHash('sha256').update(JSON.stringify(entries)).update(payload).digest('hex');
const glibc = glibcFloor(files.filter((f) => /\.(node|so[.\d]*)$/.test(f.path)).map((f) => f.from));
fs.writeFileSync(path.join(work, 'payload.bin'), payload);
// Names the server script's code cache (server/binary/binary.code-cache.ts).
const script = crypto
  .createHash('sha256')
  .update(fs.readFileSync(path.join(work, 'server.cjs')))
  .digest('hex')
  .slice(0, 12);
fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify({ version: pkg.version, hash, glibc, script, files: entries }));
step(`payload: ${entries.length} files, ${(payload.length / 1048576).toFixed(1)} MiB, needs glibc ${glibc}`);

// 3. The blob, made by the pinned Node itself (its code cache must match the Node that runs it).
fs.writeFileSync(
  path.join(work, 'sea-config.json'),
  JSON.stringify({
    main: path.join(work, 'start.cjs'),
    output: path.join(work, 'sea.blob'),
    disableExperimentalSEAWarning: true,
    useCodeCache: true,
    assets: {
      manifest: path.join(work, 'manifest.json'),
      payload: path.join(work, 'payload.bin'),
      server: path.join(work, 'server.cjs'),
      'server-cache': path.join(work, 'server-cache.bin'),
      ...packageScripts,
    },
  }),
);
execFileSync(node, ['--experimental-sea-config', path.join(work, 'sea-config.json')], { stdio: 'inherit' });
step(`prepared the blob with Node ${NODE_VERSION}`);

// 4. Node + blob = the executable.
fs.rmSync(target, { force: true });
fs.copyFileSync(node, target);
fs.chmodSync(target, 0o755);
const postject = path.join(root, 'node_modules/.bin/postject');
execFileSync(
  fs.existsSync(postject) ? postject : 'postject',
  [target, 'NODE_SEA_BLOB', path.join(work, 'sea.blob'), '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const sha = crypto.createHash('sha256').update(fs.readFileSync(target)).digest('hex');
fs.writeFileSync(`${target}.sha256`, `${sha}  ${path.basename(target)}\n`);
fs.rmSync(work, { recursive: true, force: true });
step(`built ${path.relative(root, target)}: ${(fs.statSync(target).size / 1048576).toFixed(1)} MiB`);
