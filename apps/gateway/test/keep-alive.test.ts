import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway';
import { basic, closed, connectTo, readResponse, waitFor } from './clients';
import { startFakeServer, type FakeServer } from './fake-server';
import { closeServer, startGateway, startHttpTarget } from './servers';

const GB = 1_000_000_000;

/**
 * Plain HTTP proxying keeps the client connection alive across requests, to the same or other hosts,
 * as squid does; every request is authenticated and billed on its own, so two owners sharing one
 * connection each pay exactly their part of the client socket's bytes.
 */
describe('HTTP proxy: kept-alive client connections', () => {
  let fake: FakeServer;
  let gateway: Gateway;
  let first: Awaited<ReturnType<typeof startHttpTarget>>;
  let second: Awaited<ReturnType<typeof startHttpTarget>>;

  beforeAll(async () => {
    fake = await startFakeServer();
    first = await startHttpTarget();
    second = await startHttpTarget();
    gateway = await startGateway(fake, { keepAliveTimeoutMs: 1500 });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all([first, second].map((s) => closeServer(s)));
    await fake.close();
  });

  const get = (port: number, path: string, auth: string) =>
    `GET http://127.0.0.1:${port}${path} HTTP/1.1\r\nHost: x\r\nProxy-Authorization: ${auth}\r\n\r\n`;

  /** Sends a request and reads its answer, counting what crossed the client socket meanwhile. */
  const exchange = async (socket: Socket, request: string) => {
    const before = { read: socket.bytesRead, written: socket.bytesWritten };
    socket.write(request);
    const response = await readResponse(socket);
    return {
      response,
      up: socket.bytesWritten - before.written,
      down: socket.bytesRead - before.read,
    };
  };

  it('serves several requests to several hosts on one connection and bills each owner its own bytes', async () => {
    const alice = fake.addUser('keepalive001', 'Keep-pass.1', GB);
    const bob = fake.addUser('keepalive002', 'Keep-pass.2', GB);
    const socket = await connectTo(gateway.httpPort);
    socket.on('error', () => undefined);

    const a1 = await exchange(socket, get(first.port, '/bytes/120000', basic('keepalive001', 'Keep-pass.1')));
    const a2 = await exchange(socket, get(second.port, '/bytes/17', basic('keepalive001', 'Keep-pass.1')));
    const b1 = await exchange(socket, get(first.port, '/bytes/70000', basic('keepalive002', 'Keep-pass.2')));
    expect([a1.response.status, a2.response.status, b1.response.status]).toEqual([200, 200, 200]);
    expect(a1.response.body.length).toBe(120_000);
    expect(a2.response.body.toString()).toBe('x'.repeat(17));
    expect(b1.response.body.length).toBe(70_000);
    expect(socket.destroyed).toBe(false);

    await waitFor(() => fake.usage(bob).connections === 1, 3000, 'usage reported');
    await waitFor(
      () => fake.usage(alice).down + fake.usage(bob).down === socket.bytesRead,
      3000,
      'every byte billed',
    );
    expect(fake.usage(alice)).toEqual({ up: a1.up + a2.up, down: a1.down + a2.down, connections: 2 });
    expect(fake.usage(bob)).toEqual({ up: b1.up, down: b1.down, connections: 1 });
    socket.destroy();
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    fake.addUser('keepalive003', 'Keep-pass.3', GB);
    const socket = await connectTo(gateway.httpPort);
    socket.on('error', () => undefined);
    const { response } = await exchange(
      socket,
      get(first.port, '/bytes/5', basic('keepalive003', 'Keep-pass.3')),
    );
    expect(response.status).toBe(200);
    await closed(socket, 5000);
  });

  it('still closes when the client asks for it', async () => {
    fake.addUser('keepalive004', 'Keep-pass.4', GB);
    const socket = await connectTo(gateway.httpPort);
    socket.on('error', () => undefined);
    socket.write(
      `GET http://127.0.0.1:${first.port}/bytes/5 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n` +
        `Proxy-Authorization: ${basic('keepalive004', 'Keep-pass.4')}\r\n\r\n`,
    );
    const response = await readResponse(socket);
    expect(response.status).toBe(200);
    await closed(socket, 3000);
  });
});
