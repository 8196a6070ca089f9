import { describe, expect, it } from 'vitest';
import { RETRY_ATTEMPTS, isFatalCloseCode, retryDelayMs, shouldRetry } from './subscriptions.js';

describe('subscription client retry rules (docs/product/session.md, docs/protocols.md close codes)', () => {
  it('retries 5 times', () => expect(RETRY_ATTEMPTS).toBe(5));

  it('waits 2^n seconds plus 300 to 3000 ms of jitter', () => {
    expect(retryDelayMs(0, () => 0)).toBe(1300);
    expect(retryDelayMs(0, () => 0.999999)).toBe(3999);
    expect(retryDelayMs(1, () => 0)).toBe(2300);
    expect(retryDelayMs(4, () => 0.5)).toBe(16_000 + 1650);
  });

  it('never retries fatal close codes, retries the ones a reconnect can fix', () => {
    for (const code of [4400, 4401, 4406, 4409, 4429, 4500, 4004, 4005, 1002, 1003, 1008, 1011]) {
      expect(isFatalCloseCode(code)).toBe(true);
      expect(shouldRetry({ code, reason: '' })).toBe(false);
    }
    for (const code of [4403, 4408, 4504, 4499, 1000, 1001, 1005, 1006, 1012, 1013, 1014]) {
      expect(shouldRetry({ code, reason: '' })).toBe(true);
    }
    expect(shouldRetry(new Error('not a close event'))).toBe(false);
  });

  it('retries a connection that failed before it opened (the socket error event)', () => {
    expect(shouldRetry(new Event('error'))).toBe(true);
    expect(shouldRetry(new Event('message'))).toBe(false);
  });
});
