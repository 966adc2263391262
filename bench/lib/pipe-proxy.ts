import { connect, type Socket } from 'node:net';
import { createServer } from 'node:http';

/**
 * The baseline proxy of gateway-anchors §1: a bare Node CONNECT proxy that pipes both ways — no auth,
 * no metering, no routing. Run as its own process: `tsx bench/lib/pipe-proxy.ts <port>`.
 */
const port = Number(process.argv[2]);
const server = createServer();
server.on('connect', (req, client: Socket, head: Buffer) => {
  const [host = '', targetPort = ''] = (req.url ?? '').split(':');
  const upstream = connect({ host, port: Number(targetPort) }, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
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
});
server.listen(port, '127.0.0.1', () => console.log('ready'));
