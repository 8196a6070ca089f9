import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('needs nothing: safe defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      baseUrl: 'http://127.0.0.1:3000',
      seedDemo: true,
      secureCookies: false,
      introspection: false,
      accessTokenSeconds: 120,
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('derives the origin and secure cookies from BASE_URL', () => {
    const c = loadConfig({ BASE_URL: 'https://teamlens.example.com/', SEED_DEMO: 'false', ALLOWED_ORIGINS: 'http://localhost:5173' });
    expect(c).toMatchObject({ baseUrl: 'https://teamlens.example.com', origin: 'https://teamlens.example.com', secureCookies: true, seedDemo: false });
    expect(c.allowedOrigins).toEqual(['https://teamlens.example.com', 'http://localhost:5173']);
  });

  it('RESPONSE_CACHE is on unless switched off', () => {
    expect(loadConfig({}).responseCache).toBe(true);
    expect(loadConfig({ RESPONSE_CACHE: 'off' }).responseCache).toBe(false);
    expect(() => loadConfig({ RESPONSE_CACHE: 'sometimes' })).toThrow(/RESPONSE_CACHE/);
  });

  it('DB_SYNCHRONOUS is normal unless set to full (docs/decisions/0058)', () => {
    expect(loadConfig({}).dbSynchronous).toBe('NORMAL');
    expect(loadConfig({ DB_SYNCHRONOUS: 'full' }).dbSynchronous).toBe('FULL');
    expect(() => loadConfig({ DB_SYNCHRONOUS: 'extra' })).toThrow('DB_SYNCHRONOUS: must be normal or full');
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', BASE_URL: 'ftp://x', SMTP_URL: 'mail.example.com', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'BASE_URL', 'SMTP_URL', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('SIGNUP opens or closes public organization sign-up; unset leaves it to the operator admins', () => {
    expect(loadConfig({}).signUp).toBeUndefined();
    expect(loadConfig({ SIGNUP: 'open' }).signUp).toBe('OPEN');
    expect(loadConfig({ SIGNUP: 'closed' }).signUp).toBe('CLOSED');
    expect(() => loadConfig({ SIGNUP: 'maybe' })).toThrow('SIGNUP: must be open or closed');
  });
});
