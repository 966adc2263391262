import { createRequire } from 'node:module';
import type { Socket } from 'node:net';

/**
 * What the kernel still holds of a TCP socket's bytes, which Node does not tell: bytes written into
 * the socket that it has not sent yet, and bytes received that the program has not read. Linux
 * answers both by ioctl (`SIOCOUTQNSD`, `SIOCINQ`); the calls go through
 * koffi (a foreign-function interface shipped prebuilt, so no compiler is needed where the gateway is
 * installed). Elsewhere, or where koffi cannot load, `kernelQueues` is undefined and callers fall back
 * to what Node counts (docs/gateway.md, "Billed is what reached the client").
 */
export interface KernelQueues {
  /**
   * Bytes written into the socket that the kernel has not sent yet (a peer that reads slowly or not
   * at all keeps them there); 0 once its descriptor is closed.
   */
  unsent(socket: Socket): number;
  /** Bytes the kernel received for the socket that were not read from it yet; 0 once it is closed. */
  unread(socket: Socket): number;
  /** Makes the socket's close drop what its send queue still holds and reset the connection. */
  dropOnClose(socket: Socket): void;
}

/** <linux/sockios.h>, <asm-generic/ioctls.h>, <asm-generic/socket.h>: the same on every Linux architecture Node runs on. */
const SIOCINQ = 0x541b;
const SIOCOUTQNSD = 0x894b;
const SOL_SOCKET = 1;
const SO_LINGER = 13;
/** `struct linger { int l_onoff = 1; int l_linger = 0; }`: close resets instead of sending what is left. */
const LINGER_RESET = Buffer.from(new Int32Array([1, 0]).buffer);

interface KoffiLike {
  load(path: string): { func(signature: string): (...args: unknown[]) => number };
}

/** The descriptor behind a connected socket, or -1 (closed, or not a descriptor-backed handle). */
function descriptorOf(socket: Socket): number {
  const handle = (socket as unknown as { _handle?: { fd?: number } | null })._handle;
  return typeof handle?.fd === 'number' ? handle.fd : -1;
}

function linuxKernelQueues(): KernelQueues | undefined {
  if (process.platform !== 'linux') return undefined;
  let libc: ReturnType<KoffiLike['load']>;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as KoffiLike;
    libc = koffi.load('libc.so.6');
  } catch {
    return undefined;
  }
  // ioctl is variadic; declared with its one pointer argument, the call is the same on the Linux ABIs
  // (x86-64, arm64) and avoids the per-call type parsing of koffi's variadic calls.
  const ioctl = libc.func('int ioctl(int fd, unsigned long request, _Out_ int *count)');
  const setsockopt = libc.func(
    'int setsockopt(int fd, int level, int name, const void *value, uint32_t length)',
  );
  const count = [0];
  const ask = (socket: Socket, request: number): number => {
    const fd = descriptorOf(socket);
    if (fd < 0 || ioctl(fd, request, count) !== 0) return 0;
    return count[0] ?? 0;
  };
  return {
    unsent: (socket) => ask(socket, SIOCOUTQNSD),
    unread: (socket) => ask(socket, SIOCINQ),
    dropOnClose(socket) {
      const fd = descriptorOf(socket);
      if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_LINGER, LINGER_RESET, LINGER_RESET.length);
    },
  };
}

export const kernelQueues: KernelQueues | undefined = linuxKernelQueues();
