import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The origin every proxy reaches, in its own process (like an nginx origin), so the client's
 * and the origin's work do not share one event loop: `tsx bench/lib/origin-server.ts <port> <bytes>`
 * (port 0: any free one; it prints `ready <port>`).
 * `/big` streams `bytes` from one reused 1 MB buffer (no disk, no copies); anything else answers `ok`.
 */
const [port, size = 0] = process.argv.slice(2).map(Number);
const chunk = Buffer.alloc(1_000_000, 0x61);
const server = createServer((req, res) => {
  if (req.url !== '/big') return void res.end('ok');
  res.writeHead(200, { 'content-length': String(size) });
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      const piece = size - sent >= chunk.length ? chunk : chunk.subarray(0, size - sent);
      sent += piece.length;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
});
// Idle tunnels hold origin connections that never send a request: do not time them out mid-count.
server.headersTimeout = 0;
server.requestTimeout = 0;
server.listen(port, '127.0.0.1', () => console.log(`ready ${(server.address() as AddressInfo).port}`));
