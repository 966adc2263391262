import { createHash, randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Relay } from '../src/tunnel/relay';
import { OWN_AFTER_BYTES, UpstreamReads, upstreamReadsOf } from '../src/tunnel/upstream-reads';
import { waitFor } from './clients';
import { closeServer, listenOn } from './servers';

const PAYLOAD = randomBytes(16 * 1024 * 1024);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A hold (the owner's credit ran out) stops a tunnel's reading at once, whichever read path it is on:
 * young, the read that switches it to its own buffer, or in place. After the hold nothing more is
 * spent or written to the client; after the release every byte still arrives, in order.
 */
describe('holds on the in-place read path', () => {
  let origin: Server & { port: number };

  beforeAll(async () => {
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(PAYLOAD);
    });
    origin = Object.assign(server, { port: await listenOn(server) });
  });
  afterAll(() => closeServer(origin));

  /** A client ⇄ relay ⇄ origin chain whose spender holds the relay once `holdAt` bytes are spent. */
  async function relayHeldAt(holdAt: number) {
    let relay: Relay | undefined;
    const state = { spent: 0, heldAt: -1 };
    const front = createServer({ allowHalfOpen: true }, (client) => {
      client.pause();
      const reads = new UpstreamReads();
      const upstream = connect({
        host: '127.0.0.1',
        port: origin.port,
        allowHalfOpen: true,
        onread: reads.onread,
      });
      reads.bind(upstream);
      upstream.once('connect', () => {
        const spender = {
          spend(bytes: number) {
            state.spent += bytes;
            if (state.heldAt < 0 && state.spent >= holdAt) {
              state.heldAt = state.spent;
              relay?.hold();
            }
          },
        };
        relay = new Relay(client, upstream, spender);
        void relay.run();
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const client: Socket = connect((front.address() as AddressInfo).port, '127.0.0.1');
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => client.once('end', resolve));
    return {
      state,
      received: () => chunks.reduce((n, c) => n + c.length, 0),
      release: () => relay?.release(),
      body: async () => {
        await ended;
        client.destroy();
        front.close();
        return Buffer.concat(chunks);
      },
    };
  }

  // The buffer is taken only while the burst flows freely (client keeping up, nothing queued); a
  // client slowed by a loaded machine once let a fixed 4 MiB burst pass without that (once in CI, and in
  // 2 of 10 repeated runs beside the held tests). So the burst lasts until the buffer is taken.
  it('a bulky tunnel takes a buffer of its own and gives it up when the flow slows to a trickle', async () => {
    let upstreamSocket: Socket | undefined;
    let bulky = false;
    const burstThenTrickle = createServer((socket) => {
      socket.on('error', () => undefined);
      const burst = () => {
        while (!bulky && socket.writable && socket.write(PAYLOAD.subarray(0, 64 * 1024)));
        if (bulky) socket.off('drain', burst);
      };
      socket.on('drain', burst);
      burst();
      const timer = setInterval(() => bulky && socket.write(PAYLOAD.subarray(0, 1000)), 20);
      socket.once('close', () => clearInterval(timer));
    });
    const port = await listenOn(burstThenTrickle);
    const front = createServer({ allowHalfOpen: true }, (client) => {
      client.pause();
      const reads = new UpstreamReads();
      const upstream = connect({ host: '127.0.0.1', port, allowHalfOpen: true, onread: reads.onread });
      reads.bind(upstream);
      upstreamSocket = upstream;
      upstream.once('connect', () => void new Relay(client, upstream, { spend: () => undefined }).run());
    });
    const frontPort = await listenOn(front);
    const client = connect(frontPort, '127.0.0.1');
    let received = 0;
    const owned: boolean[] = [];
    client.on('data', (chunk: Buffer) => {
      received += chunk.length;
      const owns = upstreamSocket ? (upstreamReadsOf(upstreamSocket)?.ownsBuffer ?? false) : false;
      owned.push(owns);
      bulky ||= owns; // the burst did what it is for: the trickle starts
    });
    // Past the burst and into the trickle, after the buffer was taken: the last read was a small one.
    await waitFor(
      () => owned.includes(true) && owned.at(-1) === false,
      30_000,
      'the burst in an own buffer, then the trickle without it',
    );
    client.destroy();
    await Promise.all([closeServer(front), closeServer(burstThenTrickle)]);
    expect(received).toBeGreaterThan(OWN_AFTER_BYTES);
    expect(owned).toContain(true);
    // The trickle's small reads came after the burst: by then the buffer was given up.
    expect(owned.at(-1)).toBe(false);
  });

  for (const holdAt of [
    OWN_AFTER_BYTES - 1,
    OWN_AFTER_BYTES,
    OWN_AFTER_BYTES + 40_000,
    2_000_000,
    9_000_000,
  ]) {
    it(`held at ${holdAt} bytes spent: nothing more moves until the release, then every byte arrives`, async () => {
      const chain = await relayHeldAt(holdAt);
      // Held, and every byte spent so far has reached the client: the relay has nothing in hand.
      await waitFor(
        () => chain.state.heldAt >= 0 && chain.received() >= chain.state.spent,
        5000,
        'the hold, and the spent bytes delivered',
      );
      const { heldAt, spent } = chain.state;
      expect(heldAt).toBeGreaterThanOrEqual(holdAt);
      // The chunk that ran the credit out is the last one spent; the client got no more than that.
      expect(spent).toBe(heldAt);
      expect(chain.received()).toBeLessThanOrEqual(spent);
      // "Nothing more moves" is an absence, which nothing signals: a short window in which a relay
      // that kept reading (the origin has megabytes waiting) would spend more. Not a wait for a state.
      await sleep(200);
      expect(chain.state.spent).toBe(heldAt);
      expect(chain.received()).toBe(heldAt);
      chain.release();
      const body = await chain.body();
      expect(body.length).toBe(PAYLOAD.length);
      expect(sha(body)).toBe(sha(PAYLOAD));
      expect(chain.state.spent).toBe(PAYLOAD.length);
    });
  }
});
