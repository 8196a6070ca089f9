// Run by build-binary.mjs with the executable's Node: each package the executable carries as a script
// of its own (lazy-packages.mjs) must run with built-in modules only (all the executable's require
// serves) and export what the package itself exports. Usage: node check-package-scripts.mjs <name>=<script>...
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import vm from 'node:vm';

const require = createRequire(import.meta.url);
const builtinOnly = (id) => {
  if (!id.startsWith('node:') && !builtinModules.includes(id)) throw new Error(`requires ${id}, not a built-in module`);
  return require(id);
};
const problems = [];
for (const arg of process.argv.slice(2)) {
  const [name, file] = arg.split('=');
  try {
    const module = { exports: {} };
    new vm.Script(fs.readFileSync(file, 'utf8'), { filename: file }).runInThisContext()(module.exports, builtinOnly, module, file, '.');
    let own;
    try {
      own = require(name);
    } catch {
      own = await import(name);
    }
    const missing = Object.keys(own).filter((key) => !(key in Object(module.exports)));
    if (missing.length) problems.push(`${name}: its script lacks ${missing.join(', ')}`);
  } catch (err) {
    problems.push(`${name}: ${err.message}`);
  }
}
if (problems.length) {
  console.error(`packages carried as scripts of their own:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
