import { describe, expect, it } from 'vitest';
import { baseUrlSchema, connectIntegrationInput, INTEGRATION_PROVIDERS } from './integrations.js';

/** The base URL an admin types, as the form and the server read it (docs/decisions/0054, 0064). */
describe('baseUrlSchema', () => {
  it('completes an address typed without a scheme to https://, for every provider', () => {
    expect(baseUrlSchema.parse('acme.atlassian.net')).toBe('https://acme.atlassian.net');
    expect(baseUrlSchema.parse(' jira.example.com/jira/ ')).toBe('https://jira.example.com/jira');
    expect(baseUrlSchema.parse('acme.atlassian.net:443')).toBe('https://acme.atlassian.net:443');
    for (const provider of INTEGRATION_PROVIDERS) {
      const parsed = connectIntegrationInput.parse({ provider, base_url: 'ghe.acme.test/api/v3', account: 'acme', token: 'tok-0123456789' });
      expect([provider, parsed.base_url]).toEqual([provider, 'https://ghe.acme.test/api/v3']);
    }
  });

  it('keeps a scheme that is typed, and still refuses plain http to a name and credentials in the address', () => {
    expect(baseUrlSchema.parse('https://api.github.com/')).toBe('https://api.github.com');
    expect(baseUrlSchema.parse('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(baseUrlSchema.safeParse('http://jira.example.com').success).toBe(false);
    expect(baseUrlSchema.safeParse('ftp://jira.example.com').success).toBe(false);
    expect(baseUrlSchema.safeParse('admin:secret@jira.example.com').success).toBe(false);
    expect(baseUrlSchema.safeParse('').success).toBe(false);
  });
});
