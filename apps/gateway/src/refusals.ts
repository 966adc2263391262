/**
 * Every way the gateway says no, in one table: the HTTP status and `X-Resiport-Reason` value of the
 * HTTP proxy, and the SOCKS5 reply code (RFC 1928 §6) of a refused CONNECT. Authentication failures
 * never reach a SOCKS CONNECT: SOCKS answers them in the RFC 1929 sub-negotiation (status 1, close).
 * docs/gateway.md lists the same table for customers; keep the two in step.
 */
export const refusals = {
  /** No credentials and the source IP is not whitelisted. */
  auth_required: { http: 407, socks: 0x02 },
  /** Unknown user, wrong password, or the reserved `whitelist` user from an address not whitelisted. */
  auth_failed: { http: 407, socks: 0x02 },
  /** The username does not follow the targeting syntax. */
  bad_username: { http: 407, socks: 0x02 },
  /** Too many failed authentications from this source IP; wait a little. */
  throttled: { http: 429, socks: 0x02 },
  /** The sub-account or its account is disabled or deleted. */
  disabled: { http: 403, socks: 0x02 },
  /** The owner has no traffic left. */
  no_traffic: { http: 402, socks: 0x02 },
  /** The sub-account reached its daily or monthly cap (UTC); it works again in the next day or month. */
  cap_reached: { http: 429, socks: 0x02 },
  /** The sub-account's last day is over. */
  expired: { http: 403, socks: 0x02 },
  /**
   * The account (or the sub-account, by its own limit) already has its maximum of open connections
   * on this gateway process.
   */
  too_many_connections: { http: 429, socks: 0x02 },
  /** The destination is a private, loopback, link-local or metadata address. */
  destination_refused: { http: 403, socks: 0x02 },
  /**
   * No exit in the pool serves the requested country/state/city. SOCKS 0x03 "network unreachable":
   * no route to that place, and a code no other refusal uses, so clients can tell it apart.
   */
  no_exit: { http: 502, socks: 0x03 },
  /** Every exit tried failed (the exit itself, not the destination). */
  exit_failed: { http: 502, socks: 0x01 },
  /** The destination's name did not resolve, or it is not reachable. */
  unreachable: { http: 502, socks: 0x04 },
  /** The destination refused the connection. */
  connection_refused: { http: 502, socks: 0x05 },
  /** The destination did not answer within the connect timeout. */
  timeout: { http: 504, socks: 0x04 },
  /** The gateway could not reach the API server to check the user or reserve traffic. */
  server_unavailable: { http: 503, socks: 0x01 },
  /** The request is not one a proxy can serve (bad target, origin-form, https:// absolute-form). */
  bad_request: { http: 400, socks: 0x01 },
} as const satisfies Record<string, { http: number; socks: number }>;

export type Refusal = keyof typeof refusals;

export const REASON_HEADER = 'X-Resiport-Reason';

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'string' && Object.hasOwn(refusals, value);
