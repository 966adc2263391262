import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const EPHEMERAL_FLOOR = 32_768; // Linux's ip_local_port_range starts here; clients draw from above it

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, exclusive: true }, () => resolve(server));
  });
}

describe('freePort', () => {
  it('hands out distinct ports below the ephemeral range that a server on every address can bind', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) {
      expect(port).toBeLessThan(EPHEMERAL_FLOOR);
      const server = await listenOn(port);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('skips a port something is already bound to', async () => {
    // Occupy the next ports this process would hand out (or find them taken already): none may come back.
    const probe = await freePort();
    const occupied = new Set<number>();
    const ours: Server[] = [];
    for (let port = probe + 1; port < probe + 6; port++) {
      occupied.add(port);
      await listenOn(port).then(
        (server) => ours.push(server),
        () => undefined,
      );
    }
    expect(occupied.has(await freePort())).toBe(false);
    await Promise.all(ours.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
