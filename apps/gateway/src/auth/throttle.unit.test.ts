import { describe, expect, it } from 'vitest';
import { LoginThrottle, type ThrottleLimits } from './throttle';

const limits: ThrottleLimits = {
  pairFailures: 10,
  backoffMs: 1000,
  backoffMaxMs: 60_000,
  pairForgetMs: 900_000,
  addressFailures: 30,
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
    expect(throttle.mayTry('203.0.113.2', 'alice')).toBe(true);
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

describe('login throttle: spraying names from one address', () => {
  it('backs an address off after 30 failures across names, except for the names it logs in with', () => {
    const { throttle, advance } = setup();
    throttle.succeeded(ip, 'mine'); // a customer behind this address, an hour ago
    advance(3_600_000);
    let checked = 0;
    for (let i = 0; i < 500; i++) {
      const name = `victim${i}`;
      if (!throttle.mayTry(ip, name)) continue;
      checked++;
      throttle.failedPassword(ip, name);
    }
    // 500 guesses, one per name (no pair ever reached its own 10): the address stopped them.
    expect(checked).toBe(30);
    expect(throttle.mayTry(ip, 'victim999')).toBe(false);
    expect(throttle.mayTry(ip, 'mine')).toBe(true); // known-good from here: still checked
    expect(throttle.mayTry('203.0.113.2', 'victim999')).toBe(true); // other addresses untouched
    advance(1000); // the first window passes; the next failure opens 2 s
    expect(throttle.mayTry(ip, 'victim999')).toBe(true);
    throttle.failedName(ip, 'victim999');
    advance(1999);
    expect(throttle.mayTry(ip, 'victim1000')).toBe(false);
  });
});

describe('login throttle: a sub-account under attack from many addresses', () => {
  const addresses = Array.from({ length: 100 }, (_, i) => `198.51.100.${i + 1}`);

  /** One attack round: every address guesses once if it may; how many were checked. */
  const round = (throttle: LoginThrottle, user = 'alice') => {
    let checked = 0;
    for (const address of addresses) {
      if (!throttle.mayTry(address, user)) continue;
      checked++;
      throttle.failedPassword(address, user);
    }
    return checked;
  };

  it('past 30 wrong passwords, each address that fails is backed off at once; the right password from one that did not gets in', () => {
    const { throttle, advance } = setup();
    // 1,000 guesses from 100 addresses in one go: each address is checked until its first failure
    // past the sub-account's budget, then refused for a doubling window.
    const checked = Array.from({ length: 10 }, () => round(throttle));
    expect(throttle.underAttack('alice')).toBe(true);
    // The first round: 30 within the budget, then each other address's first failure. The second:
    // the 30 that failed within the budget once more (they had free failures left). Then none.
    expect(checked).toEqual([100, 30, 0, 0, 0, 0, 0, 0, 0, 0]);
    // Nobody else pays: a fresh address with the right password is checked (and gets in), and the
    // customer's other sub-accounts are untouched from the attacking addresses too.
    expect(throttle.mayTry('192.0.2.7', 'alice')).toBe(true);
    expect(throttle.mayTry(addresses[0] ?? '', 'bob')).toBe(true);
    // Each address gets one more check per window, and the windows double: 1 s, 2 s, 4 s …
    const perWindow: number[] = [];
    for (const wait of [1000, 2000, 4000, 8000]) {
      advance(wait);
      perWindow.push(round(throttle));
    }
    // After 1 s only the 70 whose one failure opened 1 s; the other 30 failed twice (2 s). From then
    // on all 100 fall into step.
    expect(perWindow).toEqual([70, 100, 100, 100]);
    advance(8000); // not yet: the last failure opened 16 s
    expect(round(throttle)).toBe(0);
  });

  it('leaves its pairs their free failures again once the attack has stopped for a window', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 3; i++) round(throttle);
    expect(throttle.underAttack('alice')).toBe(true);
    advance(limits.userWindowMs);
    expect(throttle.underAttack('alice')).toBe(false);
    // A fresh address failing now has its 10 free failures back.
    for (let i = 0; i < 9; i++) throttle.failedPassword('192.0.2.99', 'alice');
    expect(throttle.mayTry('192.0.2.99', 'alice')).toBe(true);
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
    expect(throttle.tracked).toEqual({ pairs: 100, addresses: 100, users: 100, knownGood: 100 });
  });
});
