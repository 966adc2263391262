import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { type Endpoint, type EndpointInput } from '@resiport/contract';
import {
  endpointClient,
  internalSecretHeader,
  startSmtpCapture,
  tokenHeader,
  type Answer,
  type ApiTransport,
  type SmtpCapture,
} from '@resiport/testkit';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createAppContext, useBoundConfig, type AppContext } from '../src/context';
import { createLogger } from '../src/lib/logger';
import { auditBooks } from '../src/cli/books-audit';
import { smtpMailer } from '../src/modules/mail/mailer';
import { createTestDatabase } from './test-database';

export const TEST_PUBLIC_URL = 'http://resiport.test';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's configuration as it is now (`ctx.config`). */
  readonly config: Config;
  /** A real SMTP listener the app sends through. */
  mailbox: SmtpCapture;
  /** Every log line the app wrote, for "no secrets in logs" checks. */
  logs: string[];
  /**
   * Points the proxy lists and the portal's proxy test at a gateway started for this app (on ports the
   * OS picked), as the server does for its in-process gateway once it listens.
   */
  useGatewayPorts(ports: { httpPort: number; socksPort: number }): void;
  /** Moves the app's clock forward (expiry tests without sleeping). */
  advanceClock(seconds: number): void;
  /** Inject with `{code,msg,data}` parsed: for requests the endpoint client cannot make (the wire itself). */
  call(options: InjectOptions): Promise<ApiResponse>;
  /**
   * Calls an endpoint by its contract object, as the portal sends it (a gateway's call as a gateway
   * sends it, with the internal secret), with an input typed by its request schema; a success's
   * `data` is checked against and typed by its response schema.
   */
  send<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: SendOptions): Promise<Answer<E>>;
  /** An input the request schema would refuse, as it is: for tests of the server's own validation. */
  sendUnchecked<E extends Endpoint>(
    endpoint: E,
    input: Record<string, unknown>,
    options?: SendOptions,
  ): Promise<Answer<E>>;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  code: number;
  msg: string;
  data: unknown;
  headers: LightMyRequestResponse['headers'];
}

export interface SendOptions {
  /** The caller's session or API token (`jwt-token`). */
  token?: string;
  /** Added to (and overriding) the call's own headers. */
  headers?: Record<string, string>;
  /** The caller's address (limits kept per address). */
  remoteAddress?: string;
}

export interface TestAppOptions {
  /**
   * Listen on a real port (any free one, picked at bind time) with PUBLIC_URL pointing at it, for flows
   * that call back into the app over HTTP (the Cryptomus sandbox sends its webhooks to PUBLIC_URL).
   */
  listen?: boolean;
  /** Shorter connection time-outs for tests on real sockets. */
  httpLimits?: BuildOptions['httpLimits'];
  /**
   * Audit the books before the database is dropped (default): `close` fails on any mismatch or overrun
   * past its bound. Off only for tests that break the books on purpose, to show the audit finds it.
   */
  auditAtClose?: boolean;
}

/** Builds the real app on a fresh database, real SMTP capture and a movable clock. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const mailbox = await startSmtpCapture();
  // The environment the app reads; a listening app's PUBLIC_URL is settled once its port is bound.
  let publicUrl = TEST_PUBLIC_URL;
  const configWith = (more: Record<string, string> = {}) =>
    loadConfig({
      JWT_SECRET: 'integration-test-secret-0123456789abcdef',
      PUBLIC_URL: publicUrl,
      SMTP_URL: mailbox.url,
      RATE_LIMIT_ENABLED: 'false',
      ...env,
      ...more,
    });
  const config = configWith();
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const { db, drop } = await createTestDatabase();
  let offsetMs = 0;
  const ctx = createAppContext(config, {
    db,
    mailer: smtpMailer(mailbox.url, config.mail.from),
    clock: () => new Date(Date.now() + offsetMs),
    log: createLogger('info', sink),
  });
  const app = await buildApp(ctx, { serveWeb: false, httpLimits: options.httpLimits });
  if (options.listen) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    publicUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    useBoundConfig(ctx, configWith());
  }
  const send = async <E extends Endpoint>(
    endpoint: E,
    input: Record<string, unknown>,
    options: SendOptions = {},
  ): Promise<Answer<E>> => {
    const transport: ApiTransport = async (request) => {
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        payload: request.body,
        remoteAddress: options.remoteAddress,
      });
      return { status: response.statusCode, body: response.json() };
    };
    const own = {
      ...(endpoint.auth === 'gateway' ? internalSecretHeader(ctx.internalSecret) : {}),
      ...(options.token === undefined ? {} : tokenHeader(options.token)),
    };
    return endpointClient(transport, own).callUnchecked(endpoint, input, options.headers);
  };
  return {
    app,
    ctx,
    get config() {
      return ctx.config;
    },
    mailbox,
    logs,
    useGatewayPorts: (ports) =>
      useBoundConfig(
        ctx,
        configWith({
          GATEWAY_HTTP_PORT: String(ports.httpPort),
          GATEWAY_SOCKS_PORT: String(ports.socksPort),
        }),
      ),
    advanceClock: (seconds) => {
      offsetMs += seconds * 1000;
    },
    call: async (options) => {
      const response = await app.inject(options);
      const body = response.json<{ code: number; msg: string; data: unknown }>();
      return {
        status: response.statusCode,
        code: body.code,
        msg: body.msg,
        data: body.data,
        headers: response.headers,
      };
    },
    send: (endpoint, input, options) => send(endpoint, input as Record<string, unknown>, options),
    sendUnchecked: send,
    close: async () => {
      const audit = options.auditAtClose === false ? undefined : await auditBooks(ctx.db);
      await app.close();
      ctx.mailer.close();
      await mailbox.close();
      await drop();
      if (audit && audit.problems.length > 0) {
        throw new Error(`the books do not balance after this test:\n${audit.problems.join('\n')}`);
      }
    },
  };
}
