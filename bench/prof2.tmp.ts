import { startBenchApp } from './fixtures.js';
import { seedAssistantBench } from './assistant.bench.js';
import { ensureIndex, token } from '../server/features/assistant/assistant.index.repo.js';
import { ASSISTANT_KINDS } from '../server/features/assistant/assistant.kinds.js';
import { resolveScope } from '../server/features/assistant/assistant.scope.js';
import { askerAudience, audienceFor } from '../server/features/assistant/assistant.audience.repo.js';
import { candidates } from '../server/features/assistant/assistant.search.repo.js';
import { nameLookup } from '../server/features/assistant/assistant.sources.js';
import { contentStems } from '../server/features/assistant/assistant.words.js';
import type { Viewer } from '../server/features/auth/viewer.js';

const { app } = await startBenchApp();
const s = await seedAssistantBench(app);
const db = app.services.db;
db.$client.prepare('delete from assistant_index_state').run();
ensureIndex(db, ASSISTANT_KINDS.map((k) => k.index));
const user = (email: string) => db.$client.prepare('select id, organization_id, permission_level from users where email = ?').get(email) as any;
const viewerOf = (email: string): Viewer => { const u = user(email); return { userId: u.id, organizationId: u.organization_id, sessionId: '', permissionLevel: u.permission_level, email }; };
const cases: Array<[string, any]> = [
  [s.emails.typical, { question: 'deploy pipeline incidents' }],
  [s.emails.manager, { question: 'What do people say about onboarding and mentoring?' }],
  [s.emails.admin, { question: 'security review of the database migration' }],
];
for (let round = 0; round < 2; round++) {
  for (const [email, input] of cases) {
    const viewer = viewerOf(email);
    const scope = resolveScope(db, viewer, input, Date.now());
    const aud = askerAudience(db, viewer);
    const names = nameLookup(db, viewer.organizationId);
    const out: string[] = [];
    let stems = 0;
    for (const kind of ASSISTANT_KINDS) {
      const c0 = process.cpuUsage(); const t0 = performance.now();
      const srcs = candidates(db, { orgId: viewer.organizationId, code: kind.index.code, audience: audienceFor(aud, kind.audience), scope: [], terms: scope.terms, since: null, until: null, cap: 200 });
      const t1 = performance.now(); const c1 = process.cpuUsage(c0);
      const loaded = srcs.length ? kind.load({ db, viewer, names }, srcs) : [];
      const t2 = performance.now(); const c2 = process.cpuUsage(c0);
      for (const p of loaded) contentStems(p.text);
      stems += performance.now() - t2;
      out.push(`${kind.kind}: fts ${((c1.user + c1.system) / 1000).toFixed(1)}cpu (${srcs.length}) load ${((c2.user + c2.system - c1.user - c1.system) / 1000).toFixed(1)}cpu (${loaded.length})`);
    }
    console.log(round, email.slice(0, 10), out.join(' | '), 'stems', stems.toFixed(1));
  }
}
void token;
await app.close();
