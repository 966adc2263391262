import { connect } from 'node:net';

export type ProxyProtocol = 'http' | 'socks5';

export interface Download {
  protocol: ProxyProtocol;
  /** The gateway let the tunnel through (CONNECT 200 / SOCKS5 REP 0): from then on it bills the socket. */
  tunnelled: boolean;
  /** The whole body arrived (as long as its Content-Length says). */
  complete: boolean;
  /** Body bytes received (complete or not). */
  bodyBytes: number;
  /** The client socket's counters, both ways, handshake included: what the gateway bills for a tunnel. */
  movedBytes: number;
  /** Why it did not complete (refusal, reset, timeout), for the log. */
  failure?: string;
}

/** A download's body bytes so far, updated as they arrive (the run kills a gateway mid-body). */
export interface Progress {
  size: number;
  bodyBytes: number;
}

export interface DownloadRequest {
  protocol: ProxyProtocol;
  proxyPort: number;
  user: string;
  pass: string;
  targetPort: number;
  size: number;
}

const TIMEOUT_MS = 30_000;

/**
 * One download through a gateway, as a customer's tool does it: CONNECT (Basic credentials) or
 * SOCKS5 (RFC 1929 credentials) to the target on loopback, then `GET /bytes/N` with
 * `Connection: close`. Never rejects: a refused, reset or cut download is reported with the bytes its
 * socket moved, because a gateway killed mid-transfer is part of the run.
 */
export function download(request: DownloadRequest, progress?: Progress): Promise<Download> {
  const socket = connect({ host: '127.0.0.1', port: request.proxyPort });
  socket.setTimeout(TIMEOUT_MS);
  let buffered: Buffer = Buffer.alloc(0);
  let stage: 'greeting' | 'auth' | 'connect' | 'head' | 'body' =
    request.protocol === 'http' ? 'connect' : 'greeting';
  let tunnelled = false;
  let expectedBody = -1;
  let bodyBytes = 0;
  let failure: string | undefined;

  /** Records why the download stops and closes it; false, so `advance` stops too. */
  const fail = (why: string): false => {
    failure ??= why;
    socket.destroy();
    return false;
  };
  const sendGet = () => {
    tunnelled = true;
    stage = 'head';
    socket.write(`GET /bytes/${request.size} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  };
  const take = (length: number) => {
    const taken = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return taken;
  };

  /** Moves through the handshake as far as the bytes received allow; true when it should be called again. */
  const advance = (): boolean => {
    if (stage === 'greeting' && buffered.length >= 2) {
      const [version, method] = take(2);
      if (version !== 5 || method !== 2) return fail(`SOCKS5 method ${String(method)} refused`);
      const user = Buffer.from(request.user);
      const pass = Buffer.from(request.pass);
      socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
      stage = 'auth';
      return true;
    }
    if (stage === 'auth' && buffered.length >= 2) {
      if (take(2)[1] !== 0) return fail('SOCKS5 login refused');
      const port = Buffer.alloc(2);
      port.writeUInt16BE(request.targetPort);
      socket.write(Buffer.concat([Buffer.from([5, 1, 0, 1, 127, 0, 0, 1]), port]));
      stage = 'connect';
      return true;
    }
    if (stage === 'connect' && request.protocol === 'socks5' && buffered.length >= 10) {
      const reply = take(10); // the gateway answers with an IPv4 bound address
      if (reply[1] !== 0) return fail(`SOCKS5 CONNECT refused (REP ${String(reply[1])})`);
      sendGet();
      return true;
    }
    const headEnd = buffered.indexOf('\r\n\r\n');
    if (((stage === 'connect' && request.protocol === 'http') || stage === 'head') && headEnd >= 0) {
      const head = take(headEnd + 4).toString('latin1');
      const status = head.split('\r\n', 1)[0] ?? '';
      if (stage === 'connect') {
        if (!/^HTTP\/1\.[01] 200/.test(status)) return fail(`CONNECT refused: ${status}`);
        sendGet();
        return true;
      }
      if (!/^HTTP\/1\.[01] 200/.test(status)) return fail(`target answered ${status}`);
      expectedBody = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? -1);
      stage = 'body';
      return true;
    }
    if (stage === 'body') {
      bodyBytes += buffered.length;
      if (progress) progress.bodyBytes = bodyBytes;
      buffered = Buffer.alloc(0);
    }
    return false;
  };

  return new Promise((resolve) => {
    socket.once('connect', () => {
      if (request.protocol === 'socks5') socket.write(Buffer.from([5, 1, 2]));
      else {
        const credentials = Buffer.from(`${request.user}:${request.pass}`).toString('base64');
        const host = `127.0.0.1:${request.targetPort}`;
        socket.write(
          `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\nProxy-Authorization: Basic ${credentials}\r\n\r\n`,
        );
      }
    });
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      while (advance());
    });
    socket.once('timeout', () => fail('timed out'));
    socket.on('error', (error) => (failure ??= error.message));
    socket.once('close', () => {
      const complete = stage === 'body' && bodyBytes === expectedBody;
      resolve({
        protocol: request.protocol,
        tunnelled,
        complete,
        bodyBytes,
        movedBytes: socket.bytesRead + socket.bytesWritten,
        ...(complete
          ? {}
          : { failure: failure ?? `closed after ${bodyBytes} of ${expectedBody} body bytes` }),
      });
    });
  });
}
