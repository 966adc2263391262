import { describe, expect, it } from 'vitest';
import { newSessionId, proxyLine, proxyUsername } from './proxy-lines';

describe('proxy lines', () => {
  it('builds usernames in the docs/architecture.md#gateway-principles grammar', () => {
    expect(proxyUsername('alice0000001', {})).toBe('alice0000001');
    expect(proxyUsername('alice0000001', { country: 'US', state: 'new_york', city: 'new_york' })).toBe(
      'alice0000001-country-us-state-new_york-city-new_york',
    );
    expect(proxyUsername('alice0000001', { country: 'de', session: { id: 'abc123', minutes: 10 } })).toBe(
      'alice0000001-country-de-session-abc123-sesstime-10',
    );
  });

  it('prints the four formats of docs/product.md#proxy-formats', () => {
    const endpoint = { host: 'gw.example.test', port: 8000 };
    const credentials = { user: 'u-country-us', pass: 'p4ss' };
    expect(proxyLine('HOST:PORT:USER:PASS', endpoint, credentials)).toBe(
      'gw.example.test:8000:u-country-us:p4ss',
    );
    expect(proxyLine('HOST:PORT@USER:PASS', endpoint, credentials)).toBe(
      'gw.example.test:8000@u-country-us:p4ss',
    );
    expect(proxyLine('USER:PASS:HOST:PORT', endpoint, credentials)).toBe(
      'u-country-us:p4ss:gw.example.test:8000',
    );
    expect(proxyLine('USER:PASS@HOST:PORT', endpoint, credentials)).toBe(
      'u-country-us:p4ss@gw.example.test:8000',
    );
  });

  it('makes 10-character session ids from its random source', () => {
    let n = 0;
    const id = newSessionId((max) => n++ % max);
    expect(id).toBe('abcdefghij');
    expect(newSessionId((max) => Math.floor(Math.random() * max))).toMatch(/^[a-z0-9]{10}$/);
  });
});
