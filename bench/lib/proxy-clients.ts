import { connect, type Socket } from 'node:net';

/**
 * The bench's client side: open a tunnel through a CONNECT or SOCKS5 proxy (or none), then one
 * `GET` with `Connection: close`, counting what comes back. Hand-rolled so the client costs the same
 * for every proxy and nothing (agents, pools, parsers) sits between the socket and the count.
 */

export interface ProxyTarget {
  protocol: 'connect' | 'socks5';
  port: number;
  /** Basic for CONNECT, RFC 1929 for SOCKS5; none = no authentication offered. */
  credentials?: { user: string; pass: string };
}

/** Waits until the bytes read so far satisfy `complete`; leaves the socket paused, nothing lost. */
function readUntil(socket: Socket, complete: (buffered: Buffer) => boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const done = (error?: Error) => {
      socket.off('data', onData).off('error', done).off('end', onEnd);
      socket.pause();
      if (error) reject(error);
      else resolve(buffered);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (complete(buffered)) done();
    };
    const onEnd = () => done(new Error('proxy closed the connection during the handshake'));
    socket.on('data', onData).once('error', done).once('end', onEnd);
    socket.resume();
  });
}

async function connectHandshake(socket: Socket, originPort: number, target: ProxyTarget): Promise<void> {
  const { credentials: c } = target;
  const auth = c
    ? `Proxy-Authorization: Basic ${Buffer.from(`${c.user}:${c.pass}`).toString('base64')}\r\n`
    : '';
  socket.write(`CONNECT 127.0.0.1:${originPort} HTTP/1.1\r\nHost: 127.0.0.1:${originPort}\r\n${auth}\r\n`);
  const reply = await readUntil(socket, (b) => b.includes('\r\n\r\n'));
  if (!/^HTTP\/1\.[01] 200/.test(reply.toString('latin1'))) {
    throw new Error(`CONNECT refused: ${reply.toString('latin1').split('\r\n')[0]}`);
  }
}

async function socksHandshake(socket: Socket, originPort: number, target: ProxyTarget): Promise<void> {
  const { credentials: c } = target;
  socket.write(Buffer.from([5, 1, c ? 2 : 0]));
  const method = await readUntil(socket, (b) => b.length >= 2);
  if (method[1] !== (c ? 2 : 0)) throw new Error(`SOCKS5 method refused (${method[1]})`);
  if (c) {
    const [user, pass] = [Buffer.from(c.user), Buffer.from(c.pass)];
    socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
    const status = await readUntil(socket, (b) => b.length >= 2);
    if (status[1] !== 0) throw new Error('SOCKS5 authentication refused');
  }
  const port = Buffer.alloc(2);
  port.writeUInt16BE(originPort);
  socket.write(Buffer.concat([Buffer.from([5, 1, 0, 1, 127, 0, 0, 1]), port]));
  // Replies carry an IPv4 bound address here (10 bytes) from every server we talk to.
  const reply = await readUntil(socket, (b) => b.length >= 10);
  if (reply[1] !== 0) throw new Error(`SOCKS5 CONNECT refused (REP ${reply[1]})`);
}

/**
 * Every client socket reads into this one buffer (`onread`): a download is counted, never kept, so the
 * client costs no allocation per read. With three processes (client, proxy, origin) on few cores, a
 * client on Node's default reads was the slowest of them and capped every proxy's MB/s alike.
 */
const sink = Buffer.allocUnsafeSlow(1024 * 1024);
/** Sockets whose reads are only counted (the handshake is over); the rest push copies, as Node would. */
const counters = new WeakMap<Socket, (bytes: number) => void>();

function onClientRead(this: Socket, bytes: number, buffer: Uint8Array): boolean {
  const count = counters.get(this);
  if (count) {
    count(bytes);
    return true;
  }
  return this.push(Buffer.from(buffer.subarray(0, bytes)));
}

/** A connected socket to the origin: straight, or through an established tunnel. */
export async function openTunnel(originPort: number, target?: ProxyTarget): Promise<Socket> {
  const socket = connect({
    host: '127.0.0.1',
    port: target?.port ?? originPort,
    onread: { buffer: sink, callback: onClientRead },
  });
  try {
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    if (target?.protocol === 'connect') await connectHandshake(socket, originPort, target);
    if (target?.protocol === 'socks5') await socksHandshake(socket, originPort, target);
    return socket;
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

/** One `GET path` to the origin, through `target` if given; resolves with the bytes received. */
export async function fetchOnce(originPort: number, path: string, target?: ProxyTarget): Promise<number> {
  const socket = await openTunnel(originPort, target);
  return new Promise((resolve, reject) => {
    let received = socket.readableLength; // what came with the handshake's reply
    counters.set(socket, (bytes) => void (received += bytes));
    socket.once('error', reject);
    socket.once('close', () => resolve(received));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: origin\r\nConnection: close\r\n\r\n`);
    socket.resume();
  });
}
