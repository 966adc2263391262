/**
 * The proxy gateway (HTTP CONNECT / plain HTTP proxy and SOCKS5, design §8) arrives with the
 * gateway issue. This package exists now so the workspace layout is final from the start.
 */
export const GATEWAY_PLACEHOLDER = true;
