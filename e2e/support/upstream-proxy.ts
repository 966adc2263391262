import { createServer, connect, type Server } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * A provider's upstream HTTP proxy as an operator would add it as an exit: it answers CONNECT and
 * splices the tunnel, and records where each tunnel went, so a journey can see that a customer's line
 * really went out through it.
 */
export function useUpstreamProxy(): { port: number; tunnels: string[] } {
  const upstream = { port: 0, tunnels: [] as string[] };
  let server: Server;
  beforeAll(async () => {
    server = createServer((client) => {
      client.once('data', (head: Buffer) => {
        const target = /^CONNECT (\S+):(\d+) /.exec(head.toString('latin1'));
        if (!target?.[1] || !target[2]) return void client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        upstream.tunnels.push(`${target[1]}:${target[2]}`);
        const remote = connect({ host: target[1], port: Number(target[2]) }, () => {
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          remote.pipe(client).pipe(remote);
        });
        remote.on('error', () => client.destroy());
        client.on('error', () => remote.destroy());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    upstream.port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return upstream;
}
