import { describe, expect, it } from 'vitest';
import { parseGreeting, parseRequest, parseUserPass } from './socks5-wire';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

/** Every proper prefix of a whole message is 'incomplete': a message split anywhere waits for the rest. */
function expectIncompleteUntilWhole(parse: (b: Buffer) => unknown, whole: Buffer): void {
  for (let cut = 0; cut < whole.length; cut++) {
    expect([cut, parse(whole.subarray(0, cut))]).toEqual([cut, 'incomplete']);
  }
}

describe('the SOCKS5 handshake messages', () => {
  it('reads a greeting and its methods, and where it ends', () => {
    const greeting = bytes([5, 2, 0, 2]);
    expect(parseGreeting(bytes([5, 2, 0, 2], 'rest'))).toEqual({ methods: Buffer.from([0, 2]), size: 4 });
    expectIncompleteUntilWhole(parseGreeting, greeting);
  });

  it('tells SOCKS4 apart from its first byte, and refuses other versions and an empty method list', () => {
    expect(parseGreeting(bytes([4]))).toBe('socks4');
    expect(parseGreeting(bytes('GET / HTTP/1.1\r\n'))).toBe('bad');
    expect(parseGreeting(bytes([5, 0]))).toBe('bad');
    expect(parseGreeting(bytes([6, 1, 0]))).toBe('bad');
  });

  it('reads RFC 1929 credentials as UTF-8, empty ones too, and where they end', () => {
    const login = bytes([1, 12], 'aliceproxy01', [7], 'pässwd');
    expect(parseUserPass(login)).toEqual({
      username: 'aliceproxy01',
      password: 'pässwd',
      size: login.length,
    });
    expect(parseUserPass(bytes([1, 0, 0], [5, 1]))).toEqual({ username: '', password: '', size: 3 });
    expectIncompleteUntilWhole(parseUserPass, login);
    expect(parseUserPass(bytes([5, 1, 0]))).toBe('bad'); // a request where the login belongs
  });

  it('reads a CONNECT request to IPv4, IPv6 (canonical) and a domain name, and where it ends', () => {
    const v4 = bytes([5, 1, 0, 1, 127, 0, 0, 1, 0x1f, 0x90]);
    expect(parseRequest(bytes([5, 1, 0, 1, 127, 0, 0, 1, 0x1f, 0x90], 'early'))).toEqual({
      command: 1,
      host: '127.0.0.1',
      port: 8080,
      size: 10,
    });
    const v6 = bytes([5, 1, 0, 4, 0x20, 0x01, 0x0d, 0xb8], Array(11).fill(0), [1], [0, 80]);
    expect(parseRequest(v6)).toEqual({ command: 1, host: '2001:db8::1', port: 80, size: 22 });
    const name = bytes([5, 1, 0, 3, 11], 'example.com', [1, 0xbb]);
    expect(parseRequest(name)).toEqual({ command: 1, host: 'example.com', port: 443, size: name.length });
    for (const whole of [v4, v6, name]) expectIncompleteUntilWhole(parseRequest, whole);
  });

  it('stops at an unknown address type and reports the command as sent', () => {
    expect(parseRequest(bytes([5, 1, 0, 9, 1, 2, 3]))).toEqual({
      command: 1,
      host: undefined,
      port: 0,
      size: 4,
    });
    expect(parseRequest(bytes([5, 2, 0, 1, 127, 0, 0, 1, 0, 80]))).toMatchObject({
      command: 2,
      host: '127.0.0.1',
    });
    expect(parseRequest(bytes([4, 1, 0, 1]))).toBe('bad');
    expect(parseRequest(bytes([1]))).toBe('bad');
  });
});
