import { describe, expect, it } from 'vitest';
import { portalUrl } from './portal-url';

describe('links to the portal', () => {
  it('go under /client, with the query encoded', () => {
    expect(portalUrl('https://portal.example', '/dashboard')).toBe('https://portal.example/client/dashboard');
    expect(portalUrl('https://portal.example', '/proxysetting/editsub', { id: '42' })).toBe(
      'https://portal.example/client/proxysetting/editsub?id=42',
    );
    expect(portalUrl('http://127.0.0.1:8080', '/user/login', { activation: 'ok', x: 'a b&c' })).toBe(
      'http://127.0.0.1:8080/client/user/login?activation=ok&x=a+b%26c',
    );
  });

  it('refuse a page that is not a path', () => {
    expect(() => portalUrl('https://portal.example', 'dashboard')).toThrow();
  });
});
