// The container health check (Dockerfile HEALTHCHECK, compose.yaml), also run by CI.
// `node deploy/healthcheck.js api`: the API process answers /api/health/ready (database reachable).
// `node deploy/healthcheck.js gateway`: the gateway's HTTP proxy port answers a request without
// credentials with 407 — the listener, not only the process, is alive. Exit 0 healthy, 1 not.
import { connect } from 'node:net';

const role = process.argv[2] ?? 'api';
const TIMEOUT_MS = 4000;

function apiReady() {
  const port = process.env.PORT ?? '8080';
  return fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
    (response) => response.ok,
  );
}

function gatewayAnswers() {
  const port = Number(process.env.GATEWAY_HTTP_PORT ?? 8000);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: TIMEOUT_MS });
    let head = '';
    socket.on('connect', () =>
      socket.write('GET http://health.invalid/ HTTP/1.1\r\nHost: health.invalid\r\n\r\n'),
    );
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n')) {
        socket.destroy();
        resolve(/^HTTP\/1\.[01] 407 /.test(head));
      }
    });
    socket.on('timeout', () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

const checks = { api: apiReady, gateway: gatewayAnswers };
const check = checks[role];
if (!check) {
  console.error(`unknown role "${role}"; use api or gateway`);
  process.exit(2);
}
check().then(
  (healthy) => process.exit(healthy ? 0 : 1),
  () => process.exit(1),
);
