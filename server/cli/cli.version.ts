import pkg from '../../package.json' with { type: 'json' };

/** The version in package.json, bundled into both builds (npm and the single executable). */
export function version(): string {
  return pkg.version;
}
