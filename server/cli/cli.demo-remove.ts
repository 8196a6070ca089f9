import { countDemoRows, organizationsWithDemoRows, removeDemoRows } from '../features/demo/demo.repo.js';
import { demoSummary } from '../../shared/demo-data.js';
import { AppError } from '../../shared/app-error.js';
import { fail, withDatabase } from '../lib/command.js';

const USAGE = 'Usage: teamlens demo-remove [--yes] [--organization <id or name>]   (from a checkout: npm run demo:remove -- ...)';

/**
 * `teamlens demo-remove` (`npm run demo:remove`): removes the demo data the first start seeded (docs/decisions/0036), like
 * the admin action on /admin/settings/account. Without --yes it only says what it would remove.
 * Keeps the organization, its admin and everything real people created.
 */
export function demoRemoveCommand(argv: string[]): number {
  const yes = argv.includes('--yes') || argv.includes('-y');
  const at = argv.indexOf('--organization');
  const wanted = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !wanted) return fail(`--organization needs an id or a name.\n${USAGE}`);
  const unknown = argv.filter((a, i) => a.startsWith('-') && !['--yes', '-y', '--organization'].includes(a) && (at < 0 || i !== at + 1));
  if (unknown.length) return fail(`Unknown option ${unknown[0]}.\n${USAGE}`);

  return withDatabase((db) => {
    const orgs = organizationsWithDemoRows(db);
    const chosen = wanted ? orgs.filter((o) => o.id === wanted || o.name === wanted) : orgs;
    if (!orgs.length) {
      console.log('There is no demo data to remove.');
      return 0;
    }
    if (!chosen.length)
      return fail(`No organization "${wanted}" has demo data. Organizations with demo data:\n${orgs.map((o) => `  ${o.id}  ${o.name}`).join('\n')}`);
    if (chosen.length > 1)
      return fail(`Several organizations have demo data: choose one with --organization.\n${chosen.map((o) => `  ${o.id}  ${o.name}`).join('\n')}`);
    const org = chosen[0]!;
    const summary = demoSummary(countDemoRows(db, org.id));
    if (!yes) {
      console.log(`Demo data in ${org.name}: ${summary}.`);
      console.log('Removing it keeps the organization, its admins and everything real people created.');
      console.log('Nothing was removed. To remove it: teamlens demo-remove --yes (from a checkout: npm run demo:remove -- --yes)');
      return 0;
    }
    let removed;
    try {
      removed = removeDemoRows(db, org.id);
    } catch (err) {
      if (err instanceof AppError) return fail(`Nothing was removed: ${err.message}`);
      throw err;
    }
    console.log(`Removed the demo data of ${org.name}: ${demoSummary(removed)}.`);
    console.log('Kept the organization, its admins and everything real people created.');
    console.log('If Teamlens is running, restart it so no page it has cached still shows demo people.');
    return 0;
  });
}
