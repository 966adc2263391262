import type { Socket } from 'node:net';
import type { Exit } from '@resiport/contract';

/** Where the customer wants to go: a host name or an IP literal (IPv6 without brackets), and a port. */
export interface Destination {
  host: string;
  port: number;
}

/**
 * Why a connection through an exit failed. `exit_failed` blames the exit (unreachable upstream,
 * rejected upstream credentials): the router rests it and tries the next. Every other kind blames the
 * destination, which another exit would not fix.
 */
export type ConnectFailure =
  'destination_refused' | 'unreachable' | 'connection_refused' | 'timeout' | 'exit_failed';

/** An upstream HTTP proxy's refusal as it came: its status and response head. */
export interface UpstreamAnswer {
  status: number;
  head: string;
}

export class ConnectError extends Error {
  constructor(
    readonly kind: ConnectFailure,
    message: string,
    /** What an upstream HTTP proxy answered instead of 2xx (a Resiport gateway names its reason in it). */
    readonly answer?: UpstreamAnswer,
  ) {
    super(message);
  }
}

export interface ConnectOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/** Opens a byte stream to the destination through one exit; the socket is connected and flowing-ready. */
export type Connector = (exit: Exit, destination: Destination, options: ConnectOptions) => Promise<Socket>;

/** `host:port` as CONNECT and Host want it (IPv6 in brackets). */
export const authority = (d: Destination): string =>
  d.host.includes(':') ? `[${d.host}]:${d.port}` : `${d.host}:${d.port}`;
