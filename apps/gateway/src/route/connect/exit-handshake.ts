import type { Socket } from 'node:net';
import type { Exit } from '@resiport/contract';
import { SocketReader } from '../../tunnel/reader';
import { tcpConnect } from './tcp';
import { ConnectError, type ConnectOptions } from './types';

/**
 * Connects to an upstream exit and runs its proxy handshake (`CONNECT` or `SOCKS`) within
 * `options.timeoutMs`: the socket comes back ready for the tunnel. On any failure the socket is
 * destroyed and the failure is a ConnectError: the handshake's own, `timeout` when the exit did not
 * answer in time (most likely a slow destination, which resting the exit would not fix), or the
 * exit's (`exit_failed`).
 */
export async function handshakeWithExit(
  exit: Exit,
  options: ConnectOptions,
  protocol: 'CONNECT' | 'SOCKS',
  handshake: (socket: Socket, reader: SocketReader) => Promise<void>,
): Promise<Socket> {
  let socket: Socket;
  try {
    socket = await tcpConnect({ host: exit.host ?? '', port: exit.port ?? 0, timeoutMs: options.timeoutMs });
  } catch (error) {
    throw exitFailed(exit, (error as Error).message);
  }
  const reader = new SocketReader(socket);
  const state = { timedOut: false };
  const timer = setTimeout(() => {
    state.timedOut = true;
    socket.destroy();
  }, options.timeoutMs);
  try {
    await handshake(socket, reader);
    reader.detach();
    return socket;
  } catch (error) {
    socket.destroy();
    if (error instanceof ConnectError) throw error;
    if (state.timedOut) throw new ConnectError('timeout', `exit ${exit.id}: no ${protocol} answer in time`);
    throw exitFailed(exit, (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

/** The exit itself failed (not the destination): the pool rests it. */
export function exitFailed(exit: Exit, why: string): ConnectError {
  return new ConnectError('exit_failed', `exit ${exit.id}: ${why}`);
}
