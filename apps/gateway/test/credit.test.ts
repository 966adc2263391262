import { CREDIT_OVERDRAW_BYTES_PER_TUNNEL, internalGatewayEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, closed, httpConnect, roundTrip, socksConnect, waitFor } from './clients';
import { ownerKey, startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startBlaster, startEchoServer, startGateway } from './servers';
import { untilRefused } from './transfers';

const MB = 1_000_000;
const CHUNK = CREDIT_OVERDRAW_BYTES_PER_TUNNEL;

/**
 * Returns `tick()` for `gateway`: resolves once a meter tick and a usage flush have run since the
 * call. A tunnel of its own (`username`, to an echo server) moves a few bytes; an open tunnel's bytes
 * are billed only after a tick, and batches go out in order, so every reading taken before is
 * reported by then.
 */
async function ticker(fake: FakeServer, gateway: Gateway, echoPort: number, username: string) {
  const owner = fake.addUser(username, 'Ticker-pass.1', MB);
  const { status, socket } = await httpConnect(
    gateway.httpPort,
    `127.0.0.1:${echoPort}`,
    basic(username, 'Ticker-pass.1'),
  );
  expect(status).toBe(200);
  return async () => {
    expect((await roundTrip(socket, Buffer.from('tick'))).toString()).toBe('tick');
    await waitFor(
      () => {
        const used = fake.usage(owner);
        return used.up + used.down === socket.bytesRead + socket.bytesWritten;
      },
      5000,
      'a meter tick',
    );
  };
}

/**
 * Credit in bytes on the data path (decision 015), against a source as fast as loopback allows:
 * whatever the speed and the number of parallel tunnels, an owner's tunnels stop with at most one
 * read buffer each past its traffic, and every byte they moved is billed.
 */
describe('credit on the data path', () => {
  let fake: FakeServer;
  let blaster: Awaited<ReturnType<typeof startBlaster>>;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let gateway: Gateway;
  let serial = 0;

  beforeAll(async () => {
    fake = await startFakeServer();
    blaster = await startBlaster();
    echo = await startEchoServer();
    gateway = await startGateway(fake, { leaseMinBytes: 256_000 });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([closeServer(blaster), closeServer(echo)]);
    await fake.close();
  });

  const newUser = (traffic: number) => {
    const username = `creditproxy${String(++serial).padStart(2, '0')}`;
    return { username, owner: fake.addUser(username, 'Credit-pass.1', traffic) };
  };

  /** Opens `n` tunnels to the blaster at once (half CONNECT, half SOCKS5) and waits until all close. */
  const drainRound = async (username: string, n: number, via: Gateway) => {
    const opened = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        // A tunnel still in its handshake when the owner is cut is refused or dropped: not opened.
        try {
          if (i % 2 === 0) {
            const t = await httpConnect(
              via.httpPort,
              `127.0.0.1:${blaster.port}`,
              basic(username, 'Credit-pass.1'),
            );
            return { ok: t.status === 200, socket: t.socket };
          }
          const s = await socksConnect(
            via.socksPort,
            { host: '127.0.0.1', port: blaster.port },
            { user: username, pass: 'Credit-pass.1' },
          );
          return { ok: s.rep === 0, socket: s.socket };
        } catch {
          return { ok: false, socket: undefined };
        }
      }),
    );
    const sockets = opened.flatMap((o) => (o.ok && o.socket ? [o.socket] : []));
    await Promise.all(sockets.map((s) => closed(s, 20_000)));
    return {
      opened: sockets.length,
      received: sockets.reduce((sum, s) => sum + s.bytesRead + s.bytesWritten, 0),
    };
  };
  /** Rounds of `drainRound` until the owner is refused (transfers.ts `untilRefused`). */
  const drain = (username: string, n: number, via: Gateway = gateway) =>
    untilRefused(() => drainRound(username, n, via));

  const leaseCalls = () => fake.calls[internalGatewayEndpoints.leases.path] ?? 0;

  const billed = (owner: { account_id: number; subaccount_id: number | null }) => {
    const used = fake.usage(owner);
    return used.up + used.down;
  };

  for (const parallel of [1, 4, 16]) {
    it(`a 1 MB sub-account with ${parallel} parallel loopback downloads stops within ${parallel} × ${CHUNK / 1024} KiB of zero`, async () => {
      const { username, owner } = newUser(1 * MB);
      const { opened, widest, rounds, received } = await drain(username, parallel);
      expect(opened).toBeGreaterThan(0);
      await waitFor(() => billed(owner) >= received, 5000, 'usage reported');
      const over = billed(owner) - 1 * MB;
      console.info(
        `credit: 1 MB owner, ${opened} tunnels in ${rounds} rounds at loopback speed: clients received ` +
          `${received} bytes, billed ${billed(owner)}, past zero ${over} (bound ${widest * CHUNK})`,
      );
      // The client can only have received what was sent to it, and that is billed to the byte.
      expect(received).toBeLessThanOrEqual(billed(owner));
      expect(over).toBeLessThanOrEqual(widest * CHUNK);
      expect(fake.overrun.get(ownerKey(owner)) ?? 0).toBe(Math.max(over, 0));
      expect(fake.left.get(ownerKey(owner))).toBe(0);
      const refused = await httpConnect(
        gateway.httpPort,
        `127.0.0.1:${blaster.port}`,
        basic(username, 'Credit-pass.1'),
      );
      expect([refused.status, refused.header('X-Resiport-Reason')]).toEqual([402, 'no_traffic']);
    });
  }

  it('bills refused connections nothing, and reserves nothing for what is refused before an exit is tried', async () => {
    const { username, owner } = newUser(5 * MB);
    // Its own gateway: closing it meters and reports everything, so "nothing billed" is final.
    const own = await startGateway(fake, { leaseMinBytes: 256_000 });
    const dead = await startEchoServer();
    await closeServer(dead); // a port nobody listens on: the destination refuses
    const before = leaseCalls();
    const located = await httpConnect(
      own.httpPort,
      `127.0.0.1:${blaster.port}`,
      basic(`${username}-country-us`, 'Credit-pass.1'),
    );
    expect([located.status, located.header('X-Resiport-Reason')]).toEqual([502, 'no_exit']);
    expect(leaseCalls()).toBe(before); // no exit serves the place: nothing was reserved for it
    const refused = await httpConnect(
      own.httpPort,
      `127.0.0.1:${dead.port}`,
      basic(username, 'Credit-pass.1'),
    );
    expect([refused.status, refused.header('X-Resiport-Reason')]).toEqual([502, 'connection_refused']);
    await Promise.all([located, refused].map((r) => closed(r.socket, 3000)));
    await own.close(); // the last meter reading taken and every usage batch acknowledged
    expect(fake.usage(owner)).toEqual({ up: 0, down: 0, connections: 0 });
  });

  it('12 kB allocated 1 kB at a time never delivers more than 12 kB plus one read buffer', async () => {
    const { username, owner } = newUser(1000);
    // The gateway remembers "nothing left" for 1 s of its clock: this one's clock is moved past it.
    let skew = 0;
    const own = await startGateway(fake, { leaseMinBytes: 256_000 }, { now: () => Date.now() + skew });
    let received = 0;
    try {
      for (let step = 0; step < 12; step++) {
        if (step > 0) fake.addTraffic(owner, 1000);
        skew += 1050;
        const asked = leaseCalls();
        received += (await drain(username, 1, own)).received;
        // Every step really asked the server again (not answered from the gateway's memory).
        expect(leaseCalls()).toBeGreaterThan(asked);
      }
    } finally {
      await own.close();
    }
    await waitFor(() => billed(owner) >= received, 5000, 'usage reported');
    console.info(`credit: 12 × 1 kB steps delivered ${received} bytes, billed ${billed(owner)}`);
    expect(received).toBeLessThanOrEqual(12_000 + CHUNK);
    expect(billed(owner)).toBeLessThanOrEqual(12_000 + CHUNK);
  });

  it('a lease voided by the server (a recycle) stops the traffic it backed at once', async () => {
    const { username, owner } = newUser(50 * MB);
    // Its own gateway: closing it reports the last bytes, so the figure after the void is final.
    const own = await startGateway(fake, { leaseMinBytes: 256_000 });
    const tunnel = await httpConnect(
      own.httpPort,
      `127.0.0.1:${blaster.port}`,
      basic(username, 'Credit-pass.1'),
    );
    expect(tunnel.status).toBe(200);
    tunnel.socket.pause(); // a client that stops reading: backpressure stops the tunnel, credit is left over
    // Settled is an absence (no byte moves any more), seen as a billed figure that stays the same over
    // two meter ticks known to have run (a ticker tunnel's bytes got billed): not over a stretch of
    // time, which a busy machine can pass without a tick.
    const tick = await ticker(fake, own, echo.port, `creditticker${++serial}`);
    let before = -1;
    let steady = 0;
    await waitFor(
      async () => {
        await tick();
        const now = billed(owner);
        steady = now > 0 && now === before ? steady + 1 : 0;
        before = now;
        return steady >= 2;
      },
      15_000,
      'the paused tunnel to settle',
    );
    const cutsBefore = own.metrics.cuts;
    const returned = fake.voidLeases(owner);
    fake.left.set(ownerKey(owner), 0); // the recycle took everything: nothing to renew from
    expect(returned).toBeGreaterThan(0);
    // The feed reaches the gateway: its credit is gone, so the tunnel goes — while the client still
    // does not read, so no byte of the old reservation could be needed to notice it.
    await waitFor(() => own.metrics.cuts > cutsBefore, 3000, 'the cut');
    await closed(tunnel.socket, 3000);
    await own.close(); // the cut tunnel's last reading reported
    expect(fake.usage(owner).connections).toBe(1);
    console.info(
      `credit: lease voided with ${returned} bytes unused; ${billed(owner) - before} bytes moved after the void`,
    );
    // Not one more chunk than it had in hand: the old reservation carried nothing after the void.
    expect(billed(owner) - before).toBeLessThanOrEqual(CHUNK);
  });
});
