import { connect } from 'node:net';

/**
 * Fetches `path` from 127.0.0.1:`port` through a generated proxy line `HOST:PORT:USER:PASS` (HTTP
 * CONNECT), as a customer's tool would. Resolves with the response (head and body) and the bytes the
 * client socket moved both ways, which is exactly what the gateway bills.
 */
export function fetchThroughLine(
  line: string,
  port: number,
  path: string,
): Promise<{ body: Buffer; movedBytes: number }> {
  const [host = '', proxyPort = '', user = '', pass = ''] = line.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port: Number(proxyPort) });
    const chunks: Buffer[] = [];
    let tunnelled = false;
    socket.once('connect', () => {
      const auth = Buffer.from(`${user}:${pass}`).toString('base64');
      socket.write(
        `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      if (!tunnelled) {
        const head = chunk.toString('latin1');
        if (!head.startsWith('HTTP/1.1 200')) {
          return reject(new Error(`proxy refused: ${head.split('\r\n')[0]}`));
        }
        tunnelled = true;
        socket.write(`GET ${path} HTTP/1.1\r\nHost: target\r\nConnection: close\r\n\r\n`);
        return;
      }
      chunks.push(chunk);
    });
    socket.once('error', reject);
    socket.once('close', () =>
      resolve({ body: Buffer.concat(chunks), movedBytes: socket.bytesRead + socket.bytesWritten }),
    );
  });
}
