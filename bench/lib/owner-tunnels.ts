import { connect, type Socket } from 'node:net';

/**
 * The customers of the gateway-owners bench: one CONNECT tunnel per owner (a sub-account signing in
 * with its own name and password) to the paced origin, read as it comes. Counts what each tunnel
 * received and which ones closed before the bench closed them (a cut, a refusal, an error).
 */
export interface TunnelOwner {
  username: string;
  password: string;
}

export interface OwnerTunnels {
  open(owners: TunnelOwner[], concurrency: number): Promise<void>;
  /** Time from connecting to the gateway's `200` for another tunnel of an owner already active. */
  probe(owner: TunnelOwner): Promise<number>;
  /** Bytes received by every tunnel so far (after each `200`). */
  received(): number;
  counts(): { opened: number; refused: number; closedEarly: number };
  closeAll(): void;
}

export function ownerTunnels(gatewayPort: number, target: string): OwnerTunnels {
  const open = new Set<Socket>();
  let received = 0;
  let opened = 0;
  let refused = 0;
  let closedEarly = 0;
  let closing = false;

  /** Resolves with the socket once the gateway answered `200`; refusals resolve with undefined. */
  const tunnel = (owner: TunnelOwner, keep: boolean) =>
    new Promise<Socket | undefined>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: gatewayPort });
      const auth = Buffer.from(`${owner.username}:${owner.password}`).toString('base64');
      let head = '';
      let answered = false;
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        if (!answered) resolve(undefined);
        else if (keep && !closing) closedEarly++;
      });
      socket.on('connect', () => {
        socket.write(
          `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`,
        );
      });
      socket.on('data', (chunk: Buffer) => {
        if (answered) {
          received += chunk.length;
          return;
        }
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        answered = true;
        if (!head.startsWith('HTTP/1.1 200')) {
          socket.destroy();
          resolve(undefined);
          return;
        }
        received += Buffer.byteLength(head, 'latin1') - end - 4;
        open.add(socket);
        resolve(socket);
      });
    });

  return {
    async open(owners, concurrency) {
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < owners.length; i = next++) {
          const owner = owners[i];
          if (!owner) continue;
          if (await tunnel(owner, true)) opened++;
          else refused++;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    },
    async probe(owner) {
      const started = performance.now();
      const socket = await tunnel(owner, false);
      const ms = performance.now() - started;
      if (!socket) throw new Error(`the probe tunnel of ${owner.username} was refused`);
      socket.destroy();
      return ms;
    },
    received: () => received,
    counts: () => ({ opened, refused, closedEarly }),
    closeAll() {
      closing = true;
      for (const socket of open) socket.destroy();
    },
  };
}
