import { describe, expect, it } from 'vitest';
import { readConnectHead } from './connect-head';

const MAX = 16 * 1024;
const read = (text: string, max = MAX) => readConnectHead(Buffer.from(text, 'latin1'), max);

describe('readConnectHead (the CONNECT fast path)', () => {
  it('reads the target, the two headers it needs, and where the head ends', () => {
    const head =
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n' +
      'Proxy-Authorization:  Basic dTpw \t\r\nAccept-Language: ru-RU\r\n\r\n';
    expect(read(`${head}early`)).toEqual({
      authority: 'example.com:443',
      proxyAuthorization: 'Basic dTpw',
      acceptLanguage: 'ru-RU',
      end: head.length,
    });
    const v6 = 'CONNECT [2001:db8::1]:80 HTTP/1.0\r\n\r\n';
    expect(read(v6)).toMatchObject({
      authority: '[2001:db8::1]:80',
      proxyAuthorization: undefined,
      end: v6.length,
    });
  });

  it('waits only while the method is not known yet; a head split after it is node:http’s', () => {
    expect(read('')).toBe('incomplete');
    expect(read('CONN')).toBe('incomplete');
    expect(read('CONNECT')).toBe('incomplete');
    expect(read('CONNECT ')).toBe('other');
    expect(read('CONNECT a:1 HTTP/1.1\r\nHost: a')).toBe('other');
    expect(read('CONNECT a:1 HTTP/1.1\r\n\r')).toBe('other');
  });

  it('leaves heads with bare LF line ends to node:http at once (its 400, not a wait for the deadline)', () => {
    expect(read('CONNECT a:1 HTTP/1.1\nProxy-Authorization: x\n\n')).toBe('other');
    expect(read('CONNECT a:1 HTTP/1.1\r\n\n')).toBe('other');
  });

  it('reads at most 100 header lines (node:http keeps 1,000: a credential after them is not its)', () => {
    const lines = (n: number) => 'X-A: 1\r\n'.repeat(n);
    expect(read(`CONNECT a:1 HTTP/1.1\r\n${lines(99)}Proxy-Authorization: p\r\n\r\n`)).toMatchObject({
      proxyAuthorization: 'p',
    });
    expect(read(`CONNECT a:1 HTTP/1.1\r\n${lines(100)}Proxy-Authorization: p\r\n\r\n`)).toBe('other');
    expect(read(`CONNECT a:1 HTTP/1.1\r\n${'a:\r\n'.repeat(1000)}Proxy-Authorization: p\r\n\r\n`)).toBe(
      'other',
    );
  });

  it('leaves every other first request to node:http', () => {
    expect(read('GET http://a/ HTTP/1.1\r\n\r\n')).toBe('other');
    expect(read('G')).toBe('other');
    expect(read('connect a:1 HTTP/1.1\r\n\r\n')).toBe('other');
    expect(read('\r\nCONNECT a:1 HTTP/1.1\r\n\r\n')).toBe('other');
  });

  it.each([
    ['an unknown version', 'CONNECT a:1 HTTP/2.0\r\n\r\n'],
    ['no version', 'CONNECT a:1\r\n\r\n'],
    ['two spaces', 'CONNECT  a:1 HTTP/1.1\r\n\r\n'],
    ['a space in the target', 'CONNECT a :1 HTTP/1.1\r\n\r\n'],
    ['an odd byte in the target', 'CONNECT a\x00b:1 HTTP/1.1\r\n\r\n'],
    ['a URL as the target', 'CONNECT http://a:1/ HTTP/1.1\r\n\r\n'],
    ['a bare LF', 'CONNECT a:1 HTTP/1.1\nHost: a\r\n\r\n'],
    ['a folded header', 'CONNECT a:1 HTTP/1.1\r\nHost: a\r\n b\r\n\r\n'],
    ['space before the colon', 'CONNECT a:1 HTTP/1.1\r\nHost : a\r\n\r\n'],
    ['no colon', 'CONNECT a:1 HTTP/1.1\r\nHost a\r\n\r\n'],
    ['an empty name', 'CONNECT a:1 HTTP/1.1\r\n: a\r\n\r\n'],
    ['a control byte in a value', 'CONNECT a:1 HTTP/1.1\r\nX-A: a\x01b\r\n\r\n'],
    ['a DEL in a value', 'CONNECT a:1 HTTP/1.1\r\nX-A: a\x7f\r\n\r\n'],
    ['a body length', 'CONNECT a:1 HTTP/1.1\r\nContent-Length: 5\r\n\r\n'],
    ['a chunked body', 'CONNECT a:1 HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n'],
    ['two credentials', 'CONNECT a:1 HTTP/1.1\r\nProxy-Authorization: a\r\nproxy-authorization: b\r\n\r\n'],
    ['two languages', 'CONNECT a:1 HTTP/1.1\r\nAccept-Language: en\r\nAccept-Language: ru\r\n\r\n'],
  ])('leaves %s to node:http', (_, text) => {
    expect(read(text)).toBe('other');
  });

  it('gives an oversized head to node:http (its 431), whether complete or not', () => {
    const long = `CONNECT a:1 HTTP/1.1\r\nX-Pad: ${'x'.repeat(MAX)}`;
    expect(read(long)).toBe('other');
    expect(read(`${long}\r\n\r\n`)).toBe('other');
    const justFits = 'CONNECT a:1 HTTP/1.1\r\n\r\n';
    expect(read(justFits, justFits.length)).toMatchObject({ end: justFits.length });
    expect(read(justFits, justFits.length - 1)).toBe('other');
  });

  it('keeps obs-text in a value and trims only spaces and tabs around it', () => {
    expect(read('CONNECT a:1 HTTP/1.1\r\nAccept-Language: \xa0ru\xa0 \r\n\r\n')).toMatchObject({
      acceptLanguage: '\xa0ru\xa0',
    });
    expect(read('CONNECT a:1 HTTP/1.1\r\nProxy-Authorization:\r\n\r\n')).toMatchObject({
      proxyAuthorization: '',
    });
  });
});
