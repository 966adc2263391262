import { describe, expect, it } from 'vitest';
import { canonicalIp, isUnroutableIp } from './ip';

describe('IP addresses (docs/product.md#ip-addresses)', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['255.255.255.255', '255.255.255.255'],
    ['0.0.0.0', '0.0.0.0'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::', '::'],
    ['::1', '::1'],
    ['fe80::', 'fe80::'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ])('accepts %j as %j', (input, canonical) => {
    expect(canonicalIp(input)).toBe(canonical);
  });

  it.each([
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.-4',
    '1.2.3.4/24',
    '1.2.3.4:80',
    '１.２.３.４', // full-width digits
    '1.2.3.４',
    '',
    'localhost',
    '2001:db8::1::2',
    '2001:db8:0:0:0:0:0:0:1',
    '2001:db8:0:0:0:0:1',
    '12345::1',
    'g::1',
    'fe80::1%eth0',
    '::ffff:256.0.0.1',
    '1::2:3:4:5:6:7:8',
    ':::',
    '2001:db8:::1',
  ])('refuses %j', (input) => {
    expect(canonicalIp(input)).toBeUndefined();
  });

  it('marks addresses that can never be a source', () => {
    expect(
      ['0.0.0.0', '127.0.0.1', '224.0.0.1', '255.255.255.255', '::', '::1', 'ff02::1'].map(isUnroutableIp),
    ).toEqual(Array(7).fill(true));
    expect(['1.2.3.4', '10.0.0.1', '192.168.1.1', '2001:db8::1', 'fe80::1'].map(isUnroutableIp)).toEqual(
      Array(5).fill(false),
    );
  });
});
