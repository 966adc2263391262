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

/**
 * Downloads `path` through the line again and again until the gateway refuses the line (its answer to
 * the CONNECT), at most `attempts` times. A download cut while it runs (the cap or traffic reached
 * mid-way: the gateway resets it, dropping what it had not sent) is not the refusal: the next attempt
 * is the one the gateway refuses. Answers the refusal (undefined: never refused) and how many were cut.
 */
export async function downloadUntilRefused(
  line: string,
  port: number,
  path: string,
  attempts: number,
): Promise<{ refusal: string | undefined; cut: number }> {
  let cut = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      await fetchThroughLine(line, port, path);
    } catch (error) {
      const text = String(error);
      if (text.includes('proxy refused')) return { refusal: text, cut };
      cut++;
    }
  }
  return { refusal: undefined, cut };
}
