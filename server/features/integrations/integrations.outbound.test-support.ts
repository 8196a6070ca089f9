import { Outbound } from '../../lib/outbound/outbound.policy.js';

/**
 * Tests that talk to the fakes on 127.0.0.1 say so the operator's way (docs/decisions/0054): the
 * app's OUTBOUND_ALLOW_PRIVATE, or, for an adapter called without an app, a guard built the same.
 */
export const FAKES_ENV = { OUTBOUND_ALLOW_PRIVATE: '127.0.0.1' } as const;

export const fakesOutbound = (): Outbound => new Outbound({ allowPrivate: ['127.0.0.1/32'] });
