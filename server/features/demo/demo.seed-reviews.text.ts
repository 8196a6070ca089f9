/** What the demo reviewers write (docs/decisions/0036): varied, specific, the way people write reviews. */
export const KEEP_DOING = [
  'Keeps design discussions grounded in data: the write-up on the job queue retries settled a two-week debate in one meeting.',
  'Reviews are thorough and kind. I learn something from almost every comment, and they never block for long.',
  'Takes on the unglamorous work nobody else picks up, like the flaky test triage rota, and makes it better for everyone.',
  'Explains complex systems in a way the whole team can follow. The onboarding guide they wrote is still the first link we share.',
  'Stays calm during incidents and keeps a clear log, which made the last two postmortems easy to write.',
  'Pairs generously with newer engineers and lets them drive, even when it would be faster to do it alone.',
  'Ships in small, well-described pull requests, so the rest of us can review quickly and with confidence.',
];

export const DO_DIFFERENTLY = [
  'Share work in progress earlier. A couple of times the direction changed late because we saw the plan only at review time.',
  'Say no more often. Taking every request made the last quarter harder than it needed to be.',
  'Write down decisions after hallway conversations so people who were not there can follow.',
  'Delegate more of the on-call follow-ups; the team is ready to take them.',
  'Push back earlier when a deadline looks unrealistic instead of absorbing the extra hours.',
  'Spend a bit more time on the why in planning meetings. The what is always very clear.',
];

export const PRIVATE_NOTES = [
  'Seems stretched thin since taking over the migration; worth checking in about workload.',
  'Would be a great mentor for the two new joiners if given the time for it.',
];

export const SELF_KEEP_DOING = [
  'I made the deploy pipeline twice as fast and documented how, so others can keep improving it.',
  'I kept the team unblocked during the reorg by answering questions quickly and writing things down.',
  'I got better at breaking large projects into steps that each ship something useful.',
];

export const SELF_DO_DIFFERENTLY = [
  'I want to get better at saying no to side requests so I can finish what I started.',
  'I should ask for feedback on designs earlier instead of polishing them alone first.',
  'I plan to spend more time with the product team to understand why before we build.',
];

export const MANAGER_DRAFT_NOTE = 'Strong quarter overall. Still to add: examples from the incident review and the hiring loop.';

/** A stable pick from a list for a seed string (the same demo on every first start). */
export function pick<T>(list: readonly T[], seed: string): T {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return list[h % list.length]!;
}
