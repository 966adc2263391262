import { Writable } from 'node:stream';
import { freePort, startSmtpCapture, type SmtpCapture } from '@resiport/testkit';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createAppContext, type AppContext } from '../src/context';
import { createLogger } from '../src/lib/logger';
import { smtpMailer } from '../src/modules/mail/mailer';
import { createTestDatabase } from './test-database';

export const TEST_PUBLIC_URL = 'http://resiport.test';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** A real SMTP listener the app sends through. */
  mailbox: SmtpCapture;
  /** Every log line the app wrote, for "no secrets in logs" checks. */
  logs: string[];
  /** Moves the app's clock forward (expiry tests without sleeping). */
  advanceClock(seconds: number): void;
  /** Inject with `{code,msg,data}` parsed. */
  call(options: InjectOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  code: number;
  msg: string;
  data: unknown;
  headers: LightMyRequestResponse['headers'];
}

export interface TestAppOptions {
  /**
   * Listen on a real port with PUBLIC_URL pointing at it, for flows that call back into the app
   * over HTTP (the Cryptomus sandbox sends its webhooks to PUBLIC_URL).
   */
  listen?: boolean;
  /** Shorter connection time-outs for tests on real sockets. */
  httpLimits?: BuildOptions['httpLimits'];
}

/** Builds the real app on a fresh database, real SMTP capture and a movable clock. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const mailbox = await startSmtpCapture();
  const port = options.listen ? await freePort() : 0;
  const config = loadConfig({
    JWT_SECRET: 'integration-test-secret-0123456789abcdef',
    PUBLIC_URL: options.listen ? `http://127.0.0.1:${port}` : TEST_PUBLIC_URL,
    SMTP_URL: mailbox.url,
    RATE_LIMIT_ENABLED: 'false',
    ...env,
  });
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
  if (options.listen) await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    ctx,
    config,
    mailbox,
    logs,
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
    close: async () => {
      await app.close();
      ctx.mailer.close();
      await mailbox.close();
      await drop();
    },
  };
}
