import { benchEmailCheck } from '../shared/email-check.bench-case.js';

/** The email check in a fresh process, so the list load is cold. Prints one JSON line. */
void benchEmailCheck().then((r) => {
  console.log(JSON.stringify({ type: 'email', ...r }));
  process.exit(0);
});
