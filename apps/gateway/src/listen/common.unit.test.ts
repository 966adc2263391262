import { describe, expect, it } from 'vitest';
import { basicCredential, isValidHost, parseAuthority } from './common';
import { endToEndHeaders } from './http-forward';

describe('HTTP proxy parsing', () => {
  it('reads CONNECT targets', () => {
    expect(parseAuthority('example.com:443')).toEqual({ host: 'example.com', port: 443 });
    expect(parseAuthority('10.0.0.1:80')).toEqual({ host: '10.0.0.1', port: 80 });
    expect(parseAuthority('[2001:db8::1]:8443')).toEqual({ host: '2001:db8::1', port: 8443 });
    for (const bad of [
      undefined,
      '',
      'example.com',
      'example.com:',
      'example.com:0',
      'example.com:65536',
      'example.com:80:80',
      ':443',
      '2001:db8::1:443',
      '[example.com]:443',
      'exa mple.com:443',
      'http://example.com:443',
      'example..com:443',
      '-bad.com:443',
      '[2001:db8::1:443',
      '[2001:db8::1]x:443',
      '[]:443',
      '[10.0.0.1]:443',
      'exa]mple.com:443',
      'example.com:+80',
      'example.com: 80',
      '[::fd00:ec2:0:0:0:0:0%a:254]:80',
      '[fe80::1%eth0]:443',
    ]) {
      expect(parseAuthority(bad)).toBeUndefined();
    }
  });

  it('refuses IPv6 zones in any host (the guard and the exits would read them differently)', () => {
    expect(isValidHost('fe80::1')).toBe(true);
    expect(isValidHost('fe80::1%eth0')).toBe(false);
    expect(isValidHost('::fd00:ec2:0:0:0:0:0%a')).toBe(false);
    expect(isValidHost('example.com')).toBe(true);
  });

  it('reads Basic credentials (the password may contain colons)', () => {
    const header = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(basicCredential(header('user-country-us:pa:ss'))).toEqual({
      username: 'user-country-us',
      password: 'pa:ss',
    });
    expect(basicCredential(header('whitelist-country-us:'))).toEqual({
      username: 'whitelist-country-us',
      password: '',
    });
    expect(basicCredential(`basic ${Buffer.from('a:b').toString('base64')}`)).toEqual({
      username: 'a',
      password: 'b',
    });
    expect(basicCredential(header('no-colon'))).toBeUndefined();
    expect(basicCredential('Bearer abc')).toBeUndefined();
    expect(basicCredential(undefined)).toBeUndefined();
  });

  it('drops hop-by-hop headers and those Connection names', () => {
    const raw = [
      'Host',
      'example.com',
      'Proxy-Authorization',
      'Basic x',
      'Connection',
      'keep-alive, X-Private',
      'X-Private',
      '1',
      'Accept',
      '*/*',
      'Proxy-Connection',
      'keep-alive',
      'Keep-Alive',
      'timeout=5',
    ];
    expect(endToEndHeaders(raw)).toEqual(['Host', 'example.com', 'Accept', '*/*']);
  });
});
