import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../src/config';
import type { Gateway } from '../src/gateway';
import { basic, readHead } from './clients';
import { startFakeServer, TEST_SECRET, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startGateway } from './servers';

const GB = 1_000_000_000;
/** The shipped configuration: these tests hold the documented defaults to their promise. */
const defaults = loadGatewayConfig({}, { internalSecret: TEST_SECRET });
const limits = defaults.authThrottle;

/**
 * A CONNECT through the gateway from a chosen loopback source address (all of 127/8 is local on
 * Linux), answered as `status reason`, e.g. `407 auth_failed` or `200`.
 */
async function connectFrom(gatewayPort: number, source: string, target: string, auth?: string) {
  const socket = connect({ host: '127.0.0.1', port: gatewayPort, localAddress: source });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(
    `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
  );
  try {
    const { head } = await readHead(socket);
    const reason = /^x-resiport-reason: *(\S+)/im.exec(head)?.[1];
    return `${head.split(' ')[1] ?? ''}${reason ? ` ${reason}` : ''}`;
  } finally {
    socket.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries every `everyMs` until the answer is `200`, or gives up at the deadline; answers every attempt. */
async function untilAccepted(attempt: () => Promise<string>, deadlineMs: number, everyMs: number) {
  const deadline = Date.now() + deadlineMs;
  const answers: string[] = [];
  for (;;) {
    answers.push(await attempt());
    if (answers.at(-1) === '200' || Date.now() >= deadline) return answers;
    await sleep(everyMs);
  }
}

describe('failed logins throttle who failed, not their neighbours', () => {
  let fake: FakeServer;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let target: string;
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };
  const bob = { user: 'bobproxy0001', pass: 'Bob-pass.1' };

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    fake.addUser(bob.user, bob.pass, GB);
    echo = await startEchoServer();
    target = `127.0.0.1:${echo.port}`;
  });
  afterAll(async () => {
    await closeServer(echo);
    await fake.close();
  });

  it('30 failures from one address (wrong passwords, typos) leave other users and the whitelist alone', async () => {
    // A first window long enough that the attempts right after the 10th failure surely fall in it.
    const gateway = await startGateway(fake, { authThrottle: { ...limits, backoffMs: 3000 } });
    const shared = '127.0.0.5'; // e.g. an office NAT, or the server running the portal's proxy test
    fake.addWhitelist(shared, 77, GB);
    try {
      const from = (auth?: string) => connectFrom(gateway.httpPort, shared, target, auth);
      const wrong: string[] = [];
      for (let i = 0; i < 15; i++) wrong.push(await from(basic(alice.user, `guess-${i}`)));
      const typos: string[] = [];
      for (let i = 0; i < 15; i++) typos.push(await from(basic(`${alice.user}-contry-us`, alice.pass)));

      const free = limits.pairFailures;
      expect(wrong.slice(0, free)).toEqual(Array(free).fill('407 auth_failed'));
      expect(wrong.slice(free)).toEqual(Array(15 - free).fill('429 throttled')); // its window is open
      expect(typos.slice(0, free)).toEqual(Array(free).fill('407 bad_username'));
      expect(typos.slice(free)).toEqual(Array(15 - free).fill('429 throttled'));

      // From the same address: another user, another typo, no credentials (whitelisted), `whitelist`.
      expect(await from(basic(bob.user, bob.pass))).toBe('200');
      expect(await from(basic(`${alice.user}-country-usa`, alice.pass))).toBe('407 bad_username');
      expect(await from()).toBe('200');
      expect(await from(basic('whitelist-session-s1', ''))).toBe('200');
      // Alice herself: from elsewhere at once; from this address once the pair's window is over.
      expect(await connectFrom(gateway.httpPort, '127.0.0.6', target, basic(alice.user, alice.pass))).toBe(
        '200',
      );
      const own = await untilAccepted(() => from(basic(alice.user, alice.pass)), 10_000, 100);
      expect(own[0]).toBe('429 throttled');
      expect(own.at(-1)).toBe('200');
      expect(new Set(own.slice(0, -1))).toEqual(new Set(['429 throttled']));
      expect(gateway.metrics.authFailures.get('throttled')).toBeGreaterThanOrEqual(2);
    } finally {
      await gateway.close();
    }
  });

  it('a 1,000-guess attack on one user from 100 addresses: one checked guess per address and window; the right password from elsewhere gets in', async () => {
    // A first window longer than the attack however loaded the machine: an address that finished its
    // guesses early must still be inside its window when the attack ends (with 1 s it may be out).
    const slow = { ...limits, backoffMs: 30_000 };
    const gateway = await startGateway(fake, { authThrottle: slow });
    const carol = { user: 'carolproxy01', pass: 'Qz7!pw8x' };
    fake.addUser(carol.user, carol.pass, GB);
    try {
      const started = Date.now();
      const attackers = Array.from({ length: 100 }, (_, i) => `127.0.0.${i + 1}`);
      const answers = await Promise.all(
        attackers.map(async (source, a) => {
          const mine: string[] = [];
          for (let g = 0; g < 10; g++) {
            mine.push(
              await connectFrom(gateway.httpPort, source, target, basic(carol.user, `guess-${a}-${g}`)),
            );
          }
          return mine;
        }),
      );
      const elapsed = Date.now() - started;
      const all = answers.flat();
      const checked = all.filter((a) => a === '407 auth_failed').length;
      // Within the sub-account's budget, failures are free (up to the pair's own 10); past it each
      // address gets one checked guess, then one per window (30 s, then 60 s: those that ended meanwhile).
      const windows = Math.floor(Math.log2(elapsed / slow.backoffMs + 1));
      const bound = limits.userFailures + attackers.length * (1 + windows);
      console.info(
        `throttle: 1,000 guesses from 100 addresses in ${elapsed} ms: ${checked} checked (bound ${bound})`,
      );
      expect(all).toHaveLength(1000);
      expect(checked).toBeGreaterThanOrEqual(attackers.length);
      expect(checked).toBeLessThanOrEqual(bound);
      expect(all.filter((a) => a === '429 throttled')).toHaveLength(1000 - checked);

      // During the attack: the right password from an address that did not fail gets in at once …
      expect(await connectFrom(gateway.httpPort, '127.0.2.1', target, basic(carol.user, carol.pass))).toBe(
        '200',
      );
      // … an attacking address waits out its own window even with it, and other users are untouched.
      expect(await connectFrom(gateway.httpPort, '127.0.0.50', target, basic(carol.user, carol.pass))).toBe(
        '429 throttled',
      );
      expect(await connectFrom(gateway.httpPort, '127.0.0.50', target, basic(bob.user, bob.pass))).toBe(
        '200',
      );
    } finally {
      await gateway.close();
    }
  });

  it('spraying 500 names from one address is stopped by the address; the names it logs in with are not', async () => {
    const gateway = await startGateway(fake, { authThrottle: limits });
    const sprayer = '127.0.3.1';
    const dave = { user: 'daveproxy001', pass: 'Dave-pass.1' };
    fake.addUser(dave.user, dave.pass, GB);
    const victims = Array.from({ length: 50 }, (_, i) => `victimproxy${String(i).padStart(2, '0')}`);
    for (const victim of victims) fake.addUser(victim, `Victim-pass.${victim}`, GB);
    try {
      // A customer behind the same address has logged in before.
      expect(await connectFrom(gateway.httpPort, sprayer, target, basic(dave.user, dave.pass))).toBe('200');
      const started = Date.now();
      const answers: string[] = [];
      for (let i = 0; i < 500; i++) {
        // Real sub-accounts with a common password, and names that do not exist.
        const name = i % 2 === 0 ? (victims[(i / 2) % victims.length] ?? '') : `nobody${i}`;
        answers.push(await connectFrom(gateway.httpPort, sprayer, target, basic(name, 'Password123')));
      }
      const elapsed = Date.now() - started;
      const checked = answers.filter((a) => a !== '429 throttled').length;
      const windows = Math.floor(Math.log2(elapsed / limits.backoffMs + 1));
      console.info(`throttle: 500 names sprayed from one address in ${elapsed} ms: ${checked} checked`);
      expect(checked).toBeGreaterThanOrEqual(limits.addressFailures);
      expect(checked).toBeLessThanOrEqual(limits.addressFailures + windows);
      // A real sub-account's right password from the sprayer's address is refused while it backs off …
      const victim = victims[0] ?? '';
      expect(
        await connectFrom(gateway.httpPort, sprayer, target, basic(victim, `Victim-pass.${victim}`)),
      ).toBe('429 throttled');
      // … from anywhere else it gets in, and the customer who logs in from that address goes on.
      expect(
        await connectFrom(gateway.httpPort, '127.0.3.2', target, basic(victim, `Victim-pass.${victim}`)),
      ).toBe('200');
      expect(await connectFrom(gateway.httpPort, sprayer, target, basic(dave.user, dave.pass))).toBe('200');
    } finally {
      await gateway.close();
    }
  });
});

describe('news from the server count within a second', () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let target: string;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;

  beforeAll(async () => {
    fake = await startFakeServer();
    echo = await startEchoServer();
    target = `127.0.0.1:${echo.port}`;
    // The shipped cache lifetimes; the change feed polled as in production.
    gateway = await startGateway(fake, {
      negativeTtlMs: defaults.negativeTtlMs,
      eventsPollMs: defaults.eventsPollMs,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(echo);
    await fake.close();
  });

  it('a sub-account refused while unknown works within 1 s of being created', async () => {
    const newcomer = { user: 'newcomer0001', pass: 'New-pass.1' };
    const login = () =>
      connectFrom(gateway.httpPort, '127.0.0.9', target, basic(newcomer.user, newcomer.pass));
    expect(await login()).toBe('407 auth_failed');
    expect(await login()).toBe('407 auth_failed'); // now answered from the negative cache
    fake.addUser(newcomer.user, newcomer.pass, GB);
    const answers = await untilAccepted(login, 1000, 100);
    expect(answers.at(-1)).toBe('200');
  });

  it('a newly whitelisted address works within 1 s', async () => {
    const address = '127.0.0.10';
    const plain = () => connectFrom(gateway.httpPort, address, target);
    expect(await plain()).toBe('407 auth_required');
    expect(await plain()).toBe('407 auth_required');
    fake.addWhitelist(address, 88, GB);
    const answers = await untilAccepted(plain, 1000, 20);
    expect(answers.at(-1)).toBe('200');
  });
});
