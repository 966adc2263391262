import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { createServer } from 'node:http';

/**
 * The baseline proxies of docs/performance.md, in one process like the gateway: a bare Node CONNECT
 * proxy and a bare SOCKS5 proxy (no authentication) that pipe both ways — no auth, no metering, no
 * routing, no timeouts. Run as its own process: `tsx bench/lib/pipe-proxy.ts <httpPort> [socksPort]`
 * (0: any free port; it prints `ready <httpPort> [<socksPort>]`, the ports it got).
 */

/** Dials the target, then says so to the client and pipes both ways; errors on either side close both. */
function tunnel(
  client: Socket,
  host: string,
  port: number,
  established: Buffer | string,
  head: Buffer,
): void {
  const upstream = connect({ host, port }, () => {
    client.write(established);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  upstream.on('error', close);
  client.on('error', close);
}

const http = createServer();
http.on('connect', (req, client: Socket, head: Buffer) => {
  const [host = '', targetPort = ''] = (req.url ?? '').split(':');
  tunnel(client, host, Number(targetPort), 'HTTP/1.1 200 Connection Established\r\n\r\n', head);
});

/** RFC 1928, CONNECT only, method 0x00; enough for a well-behaved client, nothing more. */
const SOCKS_OK = Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
const socks = createTcpServer((client) => {
  let buffered = Buffer.alloc(0);
  let greeted = false;
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (!greeted) {
      const methods = buffered[1];
      if (methods === undefined || buffered.length < 2 + methods) return;
      greeted = true;
      buffered = buffered.subarray(2 + methods);
      client.write(Buffer.from([5, 0]));
    }
    const atyp = buffered[3];
    const addressLength = atyp === 1 ? 4 : atyp === 4 ? 16 : 1 + (buffered[4] ?? 0);
    if (atyp === undefined || buffered.length < 4 + addressLength + 2) return;
    let host: string;
    if (atyp === 1) host = [...buffered.subarray(4, 8)].join('.');
    else if (atyp === 3) host = buffered.subarray(5, 4 + addressLength).toString('latin1');
    else return void client.destroy(); // IPv6: not needed by the bench
    const port = buffered.readUInt16BE(4 + addressLength);
    // Stop parsing and hold the bytes until the pipe is set up (pipe() resumes the socket).
    client.off('data', onData);
    client.pause();
    tunnel(client, host, port, SOCKS_OK, buffered.subarray(4 + addressLength + 2));
  };
  client.on('data', onData);
  client.on('error', () => client.destroy());
});

const [httpPort, socksPort] = process.argv.slice(2).map(Number);
const portOf = (server: { address(): unknown }) => (server.address() as AddressInfo).port;
http.listen(httpPort, '127.0.0.1', () => {
  if (socksPort === undefined) return console.log(`ready ${portOf(http)}`);
  socks.listen(socksPort, '127.0.0.1', () => console.log(`ready ${portOf(http)} ${portOf(socks)}`));
});
// A clean exit on SIGTERM, so a CPU profile (`--cpu-prof`, bench/profile-gateway.ts) is written.
process.once('SIGTERM', () => process.exit(0));
