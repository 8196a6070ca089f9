import { useRouterState } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef } from 'react';
import { gql, graphql } from '../../lib/graphql.js';
import { EngagementTimers, routeTemplateOf, type EngagementEvent } from './engagement-timers.js';

export const RECORD_ENGAGEMENT = graphql(`
  mutation RecordEngagement($path: String!, $minutes: Int!) {
    recordEngagement(path: $path, minutes: $minutes)
  }
`);

/** Sends one event; a lost event is not worth bothering the person about. */
export function recordEngagement(event: EngagementEvent): void {
  gql(RECORD_ENGAGEMENT, event).catch(() => undefined);
}

/**
 * Mounted once in the signed-in shell: each route change (a new pathname) restarts the
 * 1, 10 and 30 minute timers; the server gets the route template, not the address.
 */
export function useEngagementTimers(send: (event: EngagementEvent) => void = recordEngagement): void {
  // The resolved location changes together with the matches, once the new route has loaded.
  const visit = useRouterState({
    select: (s) => {
      const pathname = (s.resolvedLocation ?? s.location).pathname;
      return `${pathname}\n${routeTemplateOf(s.matches.at(-1)?.fullPath, pathname)}`;
    },
  });
  // The timers outlive a render: they always send through the latest `send`.
  const sendLatest = useEffectEvent((event: EngagementEvent) => send(event));
  const timers = useRef<EngagementTimers | null>(null);

  useEffect(() => {
    const current = (timers.current ??= new EngagementTimers((event) => sendLatest(event)));
    current.enter(visit.slice(visit.indexOf('\n') + 1));
    return () => current.stop();
  }, [visit]);
}
