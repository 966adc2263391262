import type { Socket } from 'node:net';
import type { Identity } from '../auth/authenticator';
import type { Flow, Spender } from '../tunnel/relay';
import { deliveredOf } from './delivered';
import type { OwnerCredit } from './owner-credit';

let nextId = 1;

/**
 * One live connection of a customer. Billing reads the CLIENT socket only: `bytesRead` (the
 * customer's upload) and, of its writes, what reached the customer (download; delivered.ts) from its
 * first byte, so the CONNECT request, the SOCKS handshake and our replies count too — that is what the
 * customer moved through us.
 * Credit is spent separately, per chunk, by the data path (`spend`); each sample corrects the credit
 * by the difference, so the owner's local credit always ends at granted − billed. While the tunnel is
 * open the correction counts every byte written (`bytesWritten`), queued or not: bytes waiting in a
 * send queue are not credit back (a held owner would be released on them); once it is closed, what
 * never arrived is.
 */
export class Tunnel implements Spender {
  readonly id = nextId++;
  private readBefore: number;
  private writtenBefore: number;
  /** Of the client socket's writes, how many reached the client at the last sample (billed down to here). */
  private deliveredBefore: number;
  /** Bytes the data path spent since the last sample. */
  private spent = 0;
  /** Set once the data path starts (a relay or a watch); holds before that are remembered. */
  private flow: Flow | undefined;
  private holding = false;
  /** When the meter last saw its client socket move a byte (the idle timeout counts from here). */
  activeAt = 0;

  constructor(
    readonly identity: Identity,
    readonly client: Socket,
    readonly upstream: Socket,
    readonly exitId: string,
    readonly credit: OwnerCredit,
    /** Client-socket bytes already billed to an earlier tunnel (a kept-alive HTTP connection). */
    billedBefore = { read: 0, written: 0 },
  ) {
    this.readBefore = billedBefore.read;
    this.writtenBefore = billedBefore.written;
    this.deliveredBefore = billedBefore.written;
  }

  /** Where billing of the client socket stands (the next tunnel on a kept-alive connection starts here). */
  billedUpTo(): { read: number; written: number } {
    return { read: this.readBefore, written: this.writtenBefore };
  }

  spend(bytes: number): void {
    this.spent += bytes;
    this.credit.spend(bytes);
  }

  attach(flow: Flow): void {
    this.flow = flow;
    if (this.holding) flow.hold();
  }

  get held(): boolean {
    return this.holding;
  }

  hold(): void {
    this.holding = true;
    this.flow?.hold();
  }

  release(): void {
    this.holding = false;
    this.flow?.release();
  }

  /**
   * Bytes billed since the previous call (readable after the socket closed, too): `up` and `down`,
   * and `written`, what the credit is corrected by for the download (see above). `settle` bills every
   * byte written: a kept-alive connection's request is over and the next one bills from here.
   */
  takeDelta(settle = false): { up: number; down: number; written: number } {
    const read = this.client.bytesRead;
    const handedOver = this.client.bytesWritten;
    const delivered = settle ? handedOver : deliveredOf(this.client, handedOver, this.deliveredBefore);
    const written = this.client.destroyed ? delivered : handedOver;
    const delta = {
      up: read - this.readBefore,
      down: delivered - this.deliveredBefore,
      written: written - this.writtenBefore,
    };
    this.readBefore = read;
    this.writtenBefore = written;
    this.deliveredBefore = delivered;
    return delta;
  }

  /** Bytes written to the client socket that were not sent yet (not billed yet). */
  unsent(): number {
    const written = this.client.bytesWritten;
    return written - deliveredOf(this.client, written, this.deliveredBefore);
  }

  /** Bytes the data path spent since the previous call. */
  takeSpent(): number {
    const spent = this.spent;
    this.spent = 0;
    return spent;
  }

  destroy(): void {
    this.client.destroy();
    this.upstream.destroy();
  }
}
