import { ENGAGEMENT_MINUTES, type EngagementMinutes } from '../../../shared/engagement.js';

export type EngagementEvent = { path: string; minutes: EngagementMinutes };

/**
 * Timers fire engagement events at 1, 10 and 30 minutes on a route and reset on each route
 * change (docs/product/session.md). `enter` starts a new visit (cancelling the previous one).
 */
export class EngagementTimers {
  private timers: ReturnType<typeof setTimeout>[] = [];

  constructor(private readonly send: (event: EngagementEvent) => void) {}

  enter(path: string): void {
    this.stop();
    this.timers = ENGAGEMENT_MINUTES.map((minutes) => setTimeout(() => this.send({ path, minutes }), minutes * 60_000));
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}

/** The route template of a matched route: '/profile/user-profile/$id', never the raw id; no trailing slash. */
export function routeTemplateOf(fullPath: string | undefined, pathname: string): string {
  const template = fullPath && fullPath.length > 0 ? fullPath : pathname;
  return template.length > 1 ? template.replace(/\/+$/, '') : template;
}
