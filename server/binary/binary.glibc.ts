/** Compares dotted versions: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** The running C library's glibc version, or null where there is none (musl: Alpine). */
export function runtimeGlibc(): string | null {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime ?? null;
}

/**
 * The one problem with this system's C library, or null. The executable's own Node needs glibc 2.28
 * (below that the system's loader refuses it before any of this runs); its native libraries may need
 * more, `floor` (written by the build), checked here so the message says so instead of a loader error.
 */
export function glibcProblem(floor: string, running: string | null = runtimeGlibc()): string | null {
  if (running === null)
    return `Teamlens needs a Linux system with the GNU C library (glibc ${floor} or newer); this one has none (Alpine and other musl systems: use the Docker image or run from the npm package).`;
  if (compareVersions(running, floor) < 0)
    return `Teamlens needs glibc ${floor} or newer; this system has glibc ${running} (for example Debian 12, Ubuntu 22.04, RHEL 9 or newer have it). Use the Docker image, or run from the npm package.`;
  return null;
}
