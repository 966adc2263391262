import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface ExitProxy {
  port: number;
  user: string;
  pass: string;
  /** Tunnels it opened to the target: proof the gateways really routed through the pool's exit. */
  tunnels(): number;
  close(): Promise<void>;
}

/**
 * The pool's one upstream exit, standing in for a residential provider: an HTTP CONNECT proxy on
 * loopback that wants Basic credentials (the gateways have them from the pool file) and relays
 * bytes as they come.
 */
export async function startExitProxy(user: string, pass: string): Promise<ExitProxy> {
  const expected = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  const sockets = new Set<Socket>();
  let tunnels = 0;
  const server = createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let head: Buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      client.off('data', onData);
      client.pause();
      const [requestLine = '', ...headers] = head.subarray(0, end).toString('latin1').split('\r\n');
      const rest = head.subarray(end + 4);
      const target = /^CONNECT (127\.0\.0\.1):(\d+) HTTP\/1\.1$/.exec(requestLine);
      const auth = headers.find((h) => h.toLowerCase().startsWith('proxy-authorization:'));
      if (auth?.slice(auth.indexOf(':') + 1).trim() !== expected) {
        client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      if (!target) {
        client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const upstream = connect({ host: target[1], port: Number(target[2]) });
      sockets.add(upstream);
      upstream.once('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.once('connect', () => {
        tunnels++;
        client.write('HTTP/1.1 200 Connection established\r\n\r\n');
        if (rest.length > 0) upstream.write(rest);
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    user,
    pass,
    tunnels: () => tunnels,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
