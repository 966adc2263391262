import { connect, isIPv4, type Socket } from 'node:net';

/** Raw clients for the gateway tests: every byte of a CONNECT or SOCKS5 handshake under the test's control. */

/** Reads up to the end of an HTTP head; resolves with it and whatever came after. */
export function readHead(socket: Socket, timeoutMs = 5000): Promise<{ head: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const timer = setTimeout(() => done(new Error('no head in time')), timeoutMs);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) done(undefined, end);
    };
    const onClose = () => done(new Error(`closed before a head: ${buffer.toString()}`));
    const done = (error?: Error, end = 0) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.pause();
      if (error) return reject(error);
      resolve({ head: buffer.subarray(0, end).toString('latin1'), rest: buffer.subarray(end + 4) });
    };
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}

/** `host` is the gateway's address, `localAddress` ours (another loopback address is another client IP). */
export function connectTo(
  port: number,
  from: { host?: string; localAddress?: string } = {},
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // Like real clients, close when the peer does (no allowHalfOpen); half-close is tested by sending FIN.
    const socket = connect({ host: from.host ?? '127.0.0.1', port, localAddress: from.localAddress });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

export const basic = (user: string, pass: string) =>
  `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

/** Sends a CONNECT through the gateway's HTTP port; answers the status, the head and the socket. */
export async function httpConnect(port: number, target: string, auth?: string, extraHeaders = '') {
  return httpConnectOn(await connectTo(port), target, auth, extraHeaders);
}

/** The same CONNECT on a socket the test opened itself (another address, or one held idle first). */
export async function httpConnectOn(socket: Socket, target: string, auth?: string, extraHeaders = '') {
  socket.on('error', () => undefined);
  socket.write(
    `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}${extraHeaders}\r\n`,
  );
  const { head, rest } = await readHead(socket);
  const status = Number(head.split(' ')[1]);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.split(': ')[1];
  return { status, head, header, socket, rest };
}

/** Writes `data` and collects exactly as many bytes back (through an echo target). */
export function roundTrip(socket: Socket, data: Buffer, expected = data.length): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Closed already: its 'close' will not come again, so fail now rather than wait for the test's timeout.
    if (socket.destroyed) return reject(new Error('closed before the round trip'));
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received >= expected) {
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve(Buffer.concat(chunks));
      }
    };
    const onClose = () => reject(new Error(`closed after ${received} of ${expected} bytes`));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.resume();
    socket.write(data);
  });
}

/** Resolves when the socket closes (rejects after `timeoutMs`). */
export function closed(socket: Socket, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    if (socket.destroyed && socket.closed) return resolve(0);
    const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
    socket.resume();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** All bytes until the peer closes. */
export function readAll(socket: Socket, timeoutMs = 5000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => reject(new Error('not closed in time')), timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.resume();
  });
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A SOCKS5 CONNECT by hand: every step's answer, so tests can check each byte. */
export async function socksConnect(
  port: number,
  destination: { host: string; port: number },
  credentials?: { user: string; pass: string },
  methods = credentials ? [0x02] : [0x00],
) {
  const socket = await connectTo(port);
  socket.on('error', () => undefined);
  const reader = bytesReader(socket);
  socket.write(Buffer.from([5, methods.length, ...methods]));
  const method = (await reader(2))[1];
  let authStatus: number | undefined;
  if (method === 0x02 && credentials) {
    const user = Buffer.from(credentials.user);
    const pass = Buffer.from(credentials.pass);
    socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
    authStatus = (await reader(2))[1];
    if (authStatus !== 0) return { socket, method, authStatus, rep: undefined };
  } else if (method === 0xff) {
    return { socket, method, authStatus, rep: undefined };
  }
  const portBytes = Buffer.alloc(2);
  portBytes.writeUInt16BE(destination.port);
  const address = isIPv4(destination.host)
    ? Buffer.from([1, ...destination.host.split('.').map(Number)])
    : Buffer.concat([Buffer.from([3, destination.host.length]), Buffer.from(destination.host)]);
  socket.write(Buffer.concat([Buffer.from([5, 1, 0]), address, portBytes]));
  const reply = await reader(10);
  reader.release();
  return { socket, method, authStatus, rep: reply[1] };
}

/** Exact reads from a socket for test clients; `release()` pushes back what is left over. */
export function bytesReader(socket: Socket) {
  let buffer = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  let ended = false;
  const onData = (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake?.();
  };
  const onClose = () => {
    ended = true;
    wake?.();
  };
  socket.on('data', onData);
  socket.once('close', onClose);
  const read = async (n: number): Promise<Buffer> => {
    while (buffer.length < n) {
      if (ended) throw new Error(`closed with ${buffer.length} of ${n} bytes`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const out = buffer.subarray(0, n);
    buffer = buffer.subarray(n);
    return out;
  };
  return Object.assign(read, {
    release: () => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.pause();
      if (buffer.length > 0) socket.unshift(buffer);
    },
  });
}

/**
 * A whole HTTP response read by hand: status, headers (lower-case names), and exactly Content-Length
 * bytes of body; whatever came after it (a pipelined response) is left on the socket.
 */
export async function readResponse(socket: Socket, timeoutMs = 5000) {
  const reading = readHead(socket, timeoutMs);
  socket.resume();
  const { head, rest } = await reading;
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  let body = rest;
  if (body.length < length) {
    const read = bytesReader(socket);
    socket.resume();
    body = Buffer.concat([body, await read(length - body.length)]);
    read.release();
  }
  if (body.length > length) socket.unshift(body.subarray(length));
  return { statusLine, status: Number(statusLine.split(' ')[1]), headers, body: body.subarray(0, length) };
}
