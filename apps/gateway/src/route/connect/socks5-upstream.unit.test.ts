import { describe, expect, it } from 'vitest';
import { encodeAddress } from './socks5-upstream';
import { authority } from './types';

describe('SOCKS5 client address encoding', () => {
  it('encodes IPv4, IPv6 and names as RFC 1928 says', () => {
    expect([...encodeAddress('192.0.2.10')]).toEqual([1, 192, 0, 2, 10]);
    expect([...encodeAddress('2001:db8::1')]).toEqual([
      4,
      0x20,
      0x01,
      0x0d,
      0xb8,
      ...Array<number>(11).fill(0),
      1,
    ]);
    expect([...encodeAddress('::ffff:1.2.3.4')]).toEqual([
      4,
      ...Array<number>(10).fill(0),
      0xff,
      0xff,
      1,
      2,
      3,
      4,
    ]);
    expect([...encodeAddress('example.com')]).toEqual([3, 11, ...Buffer.from('example.com')]);
    expect(() => encodeAddress('x'.repeat(256))).toThrow();
  });

  it('writes CONNECT authorities with IPv6 in brackets', () => {
    expect(authority({ host: '2001:db8::1', port: 443 })).toBe('[2001:db8::1]:443');
    expect(authority({ host: 'example.com', port: 80 })).toBe('example.com:80');
  });
});
