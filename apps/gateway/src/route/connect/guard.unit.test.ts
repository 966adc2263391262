import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostAddressKeys, isLocalName, isRefusedAddress, isRefusedHost } from './guard';
import { inetAtonBytes, ipBytes } from './ip-bytes';

/** A host with no interfaces of its own, so the ranges alone decide. */
const bare = new Set<string>();

describe('destination guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    'fe80::1',
    'FE80::1%eth0',
    'febf:ffff::1',
    'fec0::1',
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    '100::1',
    // IPv4-mapped, every spelling
    '::ffff:127.0.0.1',
    '::FFFF:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:7F00:0001',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:127.0.0.1',
    '0::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    // IPv4-translated (::ffff:0:a.b.c.d)
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '0:0:0:0:ffff:0:a00:1',
    // IPv4-compatible (deprecated): all of ::/96
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '0:0:0:0:0:0:10.0.0.1',
    // NAT64, well-known prefix and local use
    '64:ff9b::10.0.0.1',
    '64:ff9b::7f00:1',
    '0064:FF9B:0000:0000:0000:0000:7F00:0001',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::8.8.8.8',
    '64:ff9b:1:ffff::1',
    // 6to4 of a private address
    '2002:a00:1::',
    '2002:7f00:1::1',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address, bare)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '2001:4860:4860::8888',
    '2001:4860:4860:0:0:0:0:8888',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '::FFFF:0808:0808',
    '64:ff9b::8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2606:4700:4700::1111',
  ])('allows %s', (address) => {
    expect(isRefusedAddress(address, bare)).toBe(false);
  });

  it("refuses this host's own interface addresses in every family and spelling", () => {
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((info) => info.address);
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) {
      expect(isRefusedAddress(address), address).toBe(true);
      if (!address.includes(':')) {
        expect(isRefusedAddress(`::ffff:${address}`), address).toBe(true);
        expect(isRefusedAddress(`64:ff9b::${address}`), address).toBe(true);
      }
    }
    // An address that is public by its range counts as ours when an interface has it.
    const host = new Set(hostAddressKeys());
    const withPublic = new Set([...host, Buffer.from([8, 8, 4, 4]).toString('hex')]);
    expect(isRefusedAddress('8.8.4.4', host)).toBe(false);
    expect(isRefusedAddress('8.8.4.4', withPublic)).toBe(true);
    expect(isRefusedAddress('::ffff:808:404', withPublic)).toBe(true);
  });

  it('reads every spelling of an address as the same bytes', () => {
    const loopbackMapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1];
    for (const spelling of [
      '::ffff:127.0.0.1',
      '::FFFF:7F00:0001',
      '0:0:0:0:0:ffff:7f00:1',
      '0::ffff:127.0.0.1',
    ]) {
      expect([...(ipBytes(spelling) ?? [])], spelling).toEqual(loopbackMapped);
    }
    expect([...(ipBytes('1:2:3:4:5:6:7:8') ?? [])]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect([...(ipBytes('1::') ?? [])]).toEqual([0, 1, ...Array<number>(14).fill(0)]);
    expect([...(ipBytes('10.0.0.1') ?? [])]).toEqual([10, 0, 0, 1]);
    for (const notAnAddress of [
      '',
      'example.com',
      '[::1]',
      '1::2::3',
      '127.000.000.001',
      '::ffff:1.2.3.256',
    ]) {
      expect(ipBytes(notAnAddress), notAnAddress).toBeUndefined();
    }
  });

  it('reads the numeric spellings a resolver turns into IPv4, and nothing else', () => {
    const cases: [string, number[] | undefined][] = [
      ['2130706433', [127, 0, 0, 1]],
      ['0x7f000001', [127, 0, 0, 1]],
      ['0x7f.1', [127, 0, 0, 1]],
      ['127.1', [127, 0, 0, 1]],
      ['0177.0.0.1', [127, 0, 0, 1]],
      ['10.0x10.1', [10, 16, 0, 1]],
      ['127.0.0.1.', [127, 0, 0, 1]],
      ['0', [0, 0, 0, 0]],
      ['134744072', [8, 8, 8, 8]],
      ['08.1', undefined], // not octal: a resolver refuses it too
      ['4294967296', undefined],
      ['256.1', undefined],
      ['1.2.3.4.5', undefined],
      ['example.com', undefined],
      ['123abc', undefined],
    ];
    for (const [host, bytes] of cases) {
      const read = inetAtonBytes(host);
      expect(read && [...read], host).toEqual(bytes);
    }
  });

  it('refuses hosts before any lookup: local names, refused literals, numeric spellings', () => {
    for (const host of [
      'localhost',
      'LOCALHOST.',
      'api.localhost',
      '::ffff:127.0.0.1',
      '2130706433',
      '0x7f.1',
      '10.1',
    ]) {
      expect(isRefusedHost(host), host).toBe(true);
    }
    for (const host of [
      'example.com',
      'localhost.example.com',
      '8.8.8.8',
      '134744072',
      '2001:4860:4860::8888',
    ]) {
      expect(isRefusedHost(host), host).toBe(false);
    }
  });

  it('knows the names of this machine', () => {
    expect(isLocalName('localhost')).toBe(true);
    expect(isLocalName('LOCALHOST.')).toBe(true);
    expect(isLocalName('api.localhost')).toBe(true);
    expect(isLocalName('localhost.example.com')).toBe(false);
  });
});
