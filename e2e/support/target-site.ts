import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * A site to reach through a generated proxy line: every path answers `bytes` bytes of `fill`.
 * Started for the whole file; `port` is set once its `beforeAll` ran.
 */
export function useTargetSite(bytes: number, fill: number): { port: number } {
  const site = { port: 0 };
  let server: Server;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-length': String(bytes) });
      response.end(Buffer.alloc(bytes, fill));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site.port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return site;
}
