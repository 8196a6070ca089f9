import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, envSchema } from '../config.js';

export const CONFIG_FILE_NAME = 'teamlens.env';

/** Variables read before the file can be found (where it is), so they come from the environment only. */
const ENVIRONMENT_ONLY = new Set(['DATA_DIR', 'RUNTIME_DIR']);

/**
 * Reads `DATA_DIR/teamlens.env`: one `NAME=value` a line (the names of the environment variables,
 * README Configuration), `#` comments, values optionally in single or double quotes. Missing: no
 * values. An unknown name, a line without `=` or DATA_DIR itself is a ConfigError naming the line.
 */
export function readConfigFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`Cannot read the configuration file ${file}: ${(err as Error).message}`);
  }
  const known = new Set(Object.keys(envSchema.shape));
  const values: Record<string, string> = {};
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const match = /^(?:export\s+)?([A-Z][A-Z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) return void problems.push(`  line ${i + 1}: expected NAME=value, found "${line}"`);
    const [, name, rawValue] = match as unknown as [string, string, string];
    if (ENVIRONMENT_ONLY.has(name))
      return void problems.push(`  line ${i + 1}: ${name} cannot be set in this file (it is read before the file is found); set it in the environment`);
    if (!known.has(name)) return void problems.push(`  line ${i + 1}: ${name} is not a Teamlens setting (teamlens --help lists them)`);
    values[name] = /^(["']).*\1$/.test(rawValue) ? rawValue.slice(1, -1) : rawValue;
  });
  if (problems.length) throw new ConfigError(`Invalid configuration file ${file}:\n${problems.join('\n')}`);
  return values;
}

/**
 * Fills `env` with the values of the data directory's configuration file that the environment does
 * not set: the environment wins, so `PORT=4000 teamlens` overrides the file for one run. Returns
 * the file's path when it exists (for the start message).
 */
export function applyConfigFile(env: NodeJS.ProcessEnv = process.env): string | null {
  const file = path.join(path.resolve(env.DATA_DIR || './data'), CONFIG_FILE_NAME);
  const values = readConfigFile(file);
  for (const [name, value] of Object.entries(values)) {
    if (env[name] === undefined || env[name] === '') env[name] = value;
  }
  return Object.keys(values).length || fs.existsSync(file) ? file : null;
}
