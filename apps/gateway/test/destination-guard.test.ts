import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, bytesReader, connectTo, httpConnect, roundTrip, socksConnect } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startEchoServer, startGateway, startUpstreamHttpProxy } from './servers';

const GB = 1_000_000_000;

/** This host's addresses other than loopback (e.g. its LAN or cloud address), IPv4 first. */
const ownAddresses = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .filter((info) => !info.internal && !info.address.startsWith('fe80:'))
  .sort((a, b) => (a.family === b.family ? 0 : a.family === 'IPv4' ? -1 : 1))
  .map((info) => info.address);

const authority = (host: string, port: number) =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;

describe('the destination guard on real sockets', () => {
  let fake: FakeServer;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  const gateways: Gateway[] = [];
  const alice = { user: 'aliceproxy01', pass: 'Alice-pass.1' };
  const creds = basic(alice.user, alice.pass);

  beforeAll(async () => {
    fake = await startFakeServer();
    fake.addUser(alice.user, alice.pass, GB);
    echo = await startEchoServer();
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await closeServer(echo);
    await fake.close();
  });

  it('refuses an IPv6 zone in the destination on both ports, before any exit is asked', async () => {
    const guarded = await startGateway(fake, { allowPrivate: false });
    gateways.push(guarded);
    // The zone's digits once reached an upstream exit as address groups: fd00:ec2::254, the metadata address.
    const zoned = '::fd00:ec2:0:0:0:0:0%a';
    const viaConnect = await httpConnect(guarded.httpPort, `[${zoned}]:254`, creds);
    expect([viaConnect.status, viaConnect.header('X-Resiport-Reason')]).toEqual([400, 'bad_request']);
    viaConnect.socket.destroy();
    const viaSocks = await socksConnect(guarded.socksPort, { host: zoned, port: 254 }, alice);
    expect(viaSocks.rep).toBe(0x01); // general failure: the request's host is malformed
    viaSocks.socket.destroy();
  });

  it("keeps the gateway's own metrics port out of reach by the host's other addresses", async (context) => {
    if (ownAddresses.length === 0) return context.skip();
    // Listening on every address, as a gateway in production does (GATEWAY_HOST 0.0.0.0 / ::).
    const open = await startGateway(fake, { host: '::', metricsPort: 0, allowPrivate: true });
    const guarded = await startGateway(fake, { host: '::', metricsPort: 0, allowPrivate: false });
    gateways.push(open, guarded);
    for (const address of ownAddresses) {
      // Reachable: with private destinations allowed the tunnel opens and /metrics answers…
      const through = await httpConnect(open.httpPort, authority(address, open.metricsPort ?? 0), creds);
      expect([address, through.status]).toEqual([address, 200]);
      const get = Buffer.from('GET /metrics HTTP/1.0\r\n\r\n');
      const answer = await roundTrip(through.socket, get, 12);
      expect(answer.toString('latin1')).toMatch(/^HTTP\/1\.[01] 200/);
      through.socket.destroy();
      // …so the guard is what refuses it, for every address the host has.
      const refused = await httpConnect(
        guarded.httpPort,
        authority(address, guarded.metricsPort ?? 0),
        creds,
      );
      expect([address, refused.status, refused.header('X-Resiport-Reason')]).toEqual([
        address,
        403,
        'destination_refused',
      ]);
      refused.socket.destroy();
    }
    const mapped = ownAddresses.find((a) => !a.includes(':'));
    if (mapped !== undefined) {
      const res = await httpConnect(
        guarded.httpPort,
        `[::ffff:${mapped}]:${guarded.metricsPort ?? 0}`,
        creds,
      );
      expect([res.status, res.header('X-Resiport-Reason')]).toEqual([403, 'destination_refused']);
      res.socket.destroy();
    }
  });

  it('refuses loopback in its IPv6-embedded and numeric spellings, through direct and upstream exits', async () => {
    const upstream = await startUpstreamHttpProxy('up');
    const direct = await startGateway(fake, { allowPrivate: false });
    const viaUpstream = await startGateway(fake, {
      allowPrivate: false,
      pool: { exits: [{ id: 'up', type: 'http', host: '127.0.0.1', port: upstream.port, weight: 1 }] },
    });
    gateways.push(direct, viaUpstream);
    try {
      const spellings = [
        '[::ffff:127.0.0.1]',
        '[::127.0.0.1]',
        '[64:ff9b::7f00:1]',
        '[0:0:0:0:0:FFFF:7F00:0001]',
        '[::ffff:0:7f00:1]',
        '[64:ff9b::127.0.0.1]',
        '2130706433',
        '0x7f.1',
        '127.1',
      ];
      for (const gateway of [direct, viaUpstream]) {
        for (const host of spellings) {
          const res = await httpConnect(gateway.httpPort, `${host}:${echo.port}`, creds);
          expect([host, res.status, res.header('X-Resiport-Reason')]).toEqual([
            host,
            403,
            'destination_refused',
          ]);
          res.socket.destroy();
        }
      }
      expect(upstream.connects).toEqual([]); // nothing left for the upstream to resolve
      // The same target by its plain name works through the upstream when nothing is refused:
      const allowed = await startGateway(fake, {
        allowPrivate: true,
        pool: { exits: [{ id: 'up', type: 'http', host: '127.0.0.1', port: upstream.port, weight: 1 }] },
      });
      gateways.push(allowed);
      const ok = await httpConnect(allowed.httpPort, `127.0.0.1:${echo.port}`, creds);
      expect(ok.status).toBe(200);
      ok.socket.destroy();
    } finally {
      await closeServer(upstream);
    }
  });

  it('refuses an IPv4-compatible address sent as SOCKS5 IPv6 bytes, and a mapped one as a name', async () => {
    const gateway = await startGateway(fake, { allowPrivate: false });
    gateways.push(gateway);
    const socket = await connectTo(gateway.socksPort);
    socket.on('error', () => undefined);
    const read = bytesReader(socket);
    socket.write(Buffer.from([5, 1, 2]));
    expect([...(await read(2))]).toEqual([5, 2]);
    const user = Buffer.from(alice.user);
    const pass = Buffer.from(alice.pass);
    socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
    expect([...(await read(2))]).toEqual([1, 0]);
    const compatible = [...Array<number>(12).fill(0), 127, 0, 0, 1]; // ::127.0.0.1
    socket.write(Buffer.from([5, 1, 0, 4, ...compatible, echo.port >> 8, echo.port & 0xff]));
    expect((await read(10))[1]).toBe(0x02);
    socket.destroy();

    const byName = await socksConnect(gateway.socksPort, { host: '::ffff:7f00:1', port: echo.port }, alice);
    expect(byName.rep).toBe(0x02);
    byName.socket.destroy();
  });
});
