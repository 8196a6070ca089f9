import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_KINDS, NO_KINDS, readNotificationChoices, wantsNotification, writeNotificationChoices } from './notification-kinds.js';

describe('notification choices', () => {
  it('reads the column default as both default channels and the default kinds', () => {
    expect(readNotificationChoices(['email', 'in_app'])).toEqual({ channels: ['in_app', 'email'], kinds: [...DEFAULT_NOTIFICATION_KINDS] });
    expect(wantsNotification(['email', 'in_app'], 'review_requests', 'email')).toBe(true);
    expect(wantsNotification(['email', 'in_app'], 'weekly_digest', 'email')).toBe(false);
    expect(wantsNotification(['email', 'in_app'], 'review_requests', 'slack')).toBe(false);
  });

  it('keeps "every kind off" apart from "not chosen yet"', () => {
    const stored = writeNotificationChoices({ channels: ['email'], kinds: [] });
    expect(stored).toEqual(['email', NO_KINDS]);
    expect(readNotificationChoices(stored)).toEqual({ channels: ['email'], kinds: [] });
    expect(wantsNotification(stored, 'review_requests', 'email')).toBe(false);
  });

  it('writes a stable list without duplicates or unknown values', () => {
    const stored = writeNotificationChoices({ channels: ['slack', 'email', 'email', 'fax'], kinds: ['weekly_digest', 'mentions', 'nope'] });
    expect(stored).toEqual(['email', 'slack', 'mentions', 'weekly_digest']);
    expect(readNotificationChoices(stored)).toEqual({ channels: ['email', 'slack'], kinds: ['mentions', 'weekly_digest'] });
  });
});
