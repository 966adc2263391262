import { describe, expect, it } from 'vitest';
import { LoginThrottle, type ThrottleLimits } from './throttle';

const limits: ThrottleLimits = {
  pairFailures: 10,
  backoffMs: 1000,
  backoffMaxMs: 60_000,
  pairForgetMs: 900_000,
  userFailures: 30,
  userWindowMs: 600_000,
  knownGoodMs: 86_400_000,
  maxTracked: 1000,
};

function setup(overrides: Partial<ThrottleLimits> = {}) {
  let now = 5_000_000;
  const throttle = new LoginThrottle({ ...limits, ...overrides }, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

const ip = '203.0.113.1';

describe('login throttle: per (address, name) back-off', () => {
  it('lets 10 failures through, then refuses for 1 s, 2 s, 4 s … up to the cap', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 9; i++) {
      throttle.failedPassword(ip, 'alice');
      expect(throttle.mayTry(ip, 'alice')).toBe(true);
    }
    throttle.failedPassword(ip, 'alice'); // the 10th
    const windows: number[] = [];
    for (let i = 0; i < 8; i++) {
      let waited = 0;
      while (!throttle.mayTry(ip, 'alice')) {
        advance(250);
        waited += 250;
      }
      windows.push(waited);
      throttle.failedPassword(ip, 'alice');
    }
    expect(windows).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it('says how long each failure blocks, without overflowing on huge counts', () => {
    const { throttle } = setup();
    expect([1, 9, 10, 11, 12, 16, 17, 10_000].map((n) => throttle.windowAfter(n))).toEqual([
      0, 0, 1000, 2000, 4000, 60_000, 60_000, 60_000,
    ]);
  });

  it('keeps pairs apart: the same address with another name, or another address, is not refused', () => {
    const { throttle } = setup();
    for (let i = 0; i < 12; i++) throttle.failedPassword(ip, 'alice');
    for (let i = 0; i < 12; i++) throttle.failedName(ip, 'alice-contry-us');
    expect(throttle.mayTry(ip, 'alice')).toBe(false);
    expect(throttle.mayTry(ip, 'alice-contry-us')).toBe(false);
    expect(throttle.mayTry(ip, 'bob')).toBe(true);
    expect(throttle.mayCheckPassword(ip, 'bob')).toBe(true);
    expect(throttle.mayTry('203.0.113.2', 'alice')).toBe(true);
    expect(throttle.mayCheckPassword('203.0.113.2', 'alice')).toBe(true);
  });

  it('forgives a pair on the right password, and forgets failures after a quiet period', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 9; i++) throttle.failedPassword(ip, 'alice');
    throttle.succeeded(ip, 'alice');
    for (let i = 0; i < 9; i++) throttle.failedPassword(ip, 'alice');
    expect(throttle.mayTry(ip, 'alice')).toBe(true); // 9 since the success, not 18

    for (let i = 0; i < 9; i++) throttle.failedName(ip, 'nobody');
    advance(limits.pairForgetMs);
    throttle.failedName(ip, 'nobody');
    expect(throttle.mayTry(ip, 'nobody')).toBe(true); // counted from 1 again
  });
});

describe('login throttle: a sub-account under attack from many addresses', () => {
  const addresses = Array.from({ length: 100 }, (_, i) => `198.51.100.${i + 1}`);

  it('checks at most 30 guesses, then only known-good pairs, and refills one guess every 20 s', () => {
    const { throttle, advance } = setup();
    throttle.succeeded('192.0.2.7', 'alice'); // the customer's own address, an hour ago
    advance(3_600_000);
    let checked = 0;
    for (let round = 0; round < 10; round++) {
      for (const address of addresses) {
        if (!throttle.mayCheckPassword(address, 'alice')) continue;
        checked++;
        throttle.failedPassword(address, 'alice');
      }
    }
    expect(checked).toBe(30);
    expect(throttle.underAttack('alice')).toBe(true);
    expect(throttle.mayCheckPassword('198.51.100.200', 'alice')).toBe(false); // a new address
    expect(throttle.mayCheckPassword('192.0.2.7', 'alice')).toBe(true); // known-good
    expect(throttle.mayCheckPassword(addresses[0] ?? '', 'bob')).toBe(true); // other users untouched

    advance(limits.userWindowMs / limits.userFailures - 1);
    expect(throttle.mayCheckPassword('198.51.100.200', 'alice')).toBe(false);
    advance(1);
    expect(throttle.mayCheckPassword('198.51.100.200', 'alice')).toBe(true);
    throttle.failedPassword('198.51.100.200', 'alice');
    expect(throttle.underAttack('alice')).toBe(true);
    advance(limits.userWindowMs);
    expect(throttle.underAttack('alice')).toBe(false);
  });

  it('counts unknown and malformed names per pair only (no bucket for names that do not exist)', () => {
    const { throttle } = setup();
    for (const address of addresses) for (let i = 0; i < 5; i++) throttle.failedName(address, 'ghost');
    expect(throttle.underAttack('ghost')).toBe(false);
    expect(throttle.tracked.users).toBe(0);
  });

  it('forgets known-good pairs after a day', () => {
    const { throttle, advance } = setup();
    throttle.succeeded(ip, 'alice');
    advance(limits.knownGoodMs - 1);
    expect(throttle.isKnownGood(ip, 'alice')).toBe(true);
    advance(1);
    expect(throttle.isKnownGood(ip, 'alice')).toBe(false);
  });

  it('holds a bounded number of entries in every map, dropping the oldest', () => {
    const { throttle } = setup({ maxTracked: 100 });
    for (let i = 0; i < 500; i++) {
      const address = `10.0.${i >> 8}.${i & 255}`;
      throttle.failedPassword(address, `user${i}`);
      throttle.succeeded(address, `other${i}`);
    }
    expect(throttle.tracked).toEqual({ pairs: 100, users: 100, knownGood: 100 });
  });
});
