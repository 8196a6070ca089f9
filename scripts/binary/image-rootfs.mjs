// The root file system of the container image (Dockerfile, FROM scratch): the single executable, the
// shared libraries it and its native addons link (found with ldd on this machine), an account to run
// as, and /data. Built from what the machine has, so no base image is pulled (docs/decisions/0062).
// Usage: node scripts/binary/image-rootfs.mjs   (after npm run build:binary) -> dist/image/rootfs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binary = path.join(root, 'dist/bin/teamlens-linux-x64');
const rootfs = path.join(root, 'dist/image/rootfs');
const nodeModules = path.join(root, 'node_modules');
if (!fs.existsSync(binary)) throw new Error('Build the executable first: npm run build:binary');

const natives = [
  'better-sqlite3/build/Release/better_sqlite3.node',
  ...fs.readdirSync(path.join(nodeModules, '@img/sharp-linux-x64/lib')).map((n) => `@img/sharp-linux-x64/lib/${n}`),
  ...fs
    .readdirSync(path.join(nodeModules, '@node-rs/argon2-linux-x64-gnu'))
    .filter((n) => n.endsWith('.node'))
    .map((n) => `@node-rs/argon2-linux-x64-gnu/${n}`),
].map((n) => path.join(nodeModules, n));

/** Every shared library `files` load, by ldd (libvips comes with the executable's payload, not from here). */
function libraries(files) {
  const found = new Set();
  for (const file of files) {
    for (const line of execFileSync('ldd', [file], { encoding: 'utf8' }).split('\n')) {
      const lib = /=> (\/\S+)/.exec(line)?.[1] ?? /^\s*(\/\S+) \(/.exec(line)?.[1];
      if (lib && !lib.includes('sharp-libvips')) found.add(lib);
    }
  }
  return [...found];
}

fs.rmSync(rootfs, { recursive: true, force: true });
for (const dir of ['etc', 'tmp', 'data']) fs.mkdirSync(path.join(rootfs, dir), { recursive: true });
fs.chmodSync(path.join(rootfs, 'tmp'), 0o1777);
fs.copyFileSync(binary, path.join(rootfs, 'teamlens'));
fs.chmodSync(path.join(rootfs, 'teamlens'), 0o755);
for (const lib of libraries([binary, ...natives])) {
  for (const name of new Set([lib, fs.realpathSync(lib)])) {
    const target = path.join(rootfs, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(fs.realpathSync(lib), target);
  }
}
// The loader's usual places: /lib64 -> the multiarch folder on Debian.
fs.writeFileSync(path.join(rootfs, 'etc/passwd'), 'root:x:0:0:root:/root:/sbin/nologin\nteamlens:x:10001:10001:Teamlens:/data:/sbin/nologin\n');
fs.writeFileSync(path.join(rootfs, 'etc/group'), 'root:x:0:\nteamlens:x:10001:\n');
fs.writeFileSync(path.join(rootfs, 'etc/nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files dns\n');
fs.chownSync(path.join(rootfs, 'data'), 10001, 10001);
fs.chmodSync(path.join(rootfs, 'data'), 0o700);
const size = execFileSync('du', ['-sm', rootfs], { encoding: 'utf8' }).split('\t')[0];
console.log(`root file system in ${path.relative(root, rootfs)}: ${size} MiB`);
