import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createScratchDatabase } from '@resiport/testkit';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { createDatabase, type Db } from '../src/db/database';
import { up as createSandboxTable } from '../src/db/migrations/2026_11_21_0610_cryptomus_sandbox';
import { createLogger } from '../src/lib/logger';
import {
  createCryptomusSandbox,
  SANDBOX_PREFIX,
  type CryptomusSandbox,
} from '../src/modules/cryptomus/sandbox/cryptomus-sandbox';

export const SANDBOX_MERCHANT = 'sandbox-merchant-0001';
export const SANDBOX_KEY = 'sandbox-payment-key-do-not-use-in-production';

export interface RunningSandbox {
  /** What the client's `baseUrl` is set to. */
  baseUrl: string;
  /** The sandbox server's own origin (`http://127.0.0.1:<port>`), also its public URL. */
  origin: string;
  sandbox: CryptomusSandbox;
  db: Db;
  logs: string[];
  advanceClock(seconds: number): void;
  close(): Promise<void>;
}

/**
 * The Cryptomus sandbox alone, on a real socket at 127.0.0.1 and its own fresh database (in-memory
 * PGlite, or a scratch PostgreSQL database beside TEST_DATABASE_URL), with a movable clock.
 */
export async function startCryptomusSandbox(): Promise<RunningSandbox> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'resiport_test') : undefined;
  const db = createDatabase({ url: scratch?.url, dataDir: null });
  // Only the sandbox's own table: this harness does not depend on db/migrate.ts listing it. (Migrations
  // are typed against no schema; db/migrate.ts hands them Kysely<any> for the same reason.)
  await createSandboxTable(db as unknown as Kysely<unknown>);

  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const log = createLogger('info', sink);
  // The checkout URL needs the port before the plugin is built, so listen first and hand Fastify the server.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let offsetMs = 0;
  const sandbox = createCryptomusSandbox({
    db,
    merchantId: SANDBOX_MERCHANT,
    paymentKey: SANDBOX_KEY,
    publicUrl: origin,
    clock: () => new Date(Date.now() + offsetMs),
    log,
  });
  const app = Fastify({
    loggerInstance: log,
    serverFactory: (handler) => server.on('request', handler),
  });
  await app.register(sandbox.plugin, { prefix: SANDBOX_PREFIX });
  await app.ready();

  return {
    baseUrl: `${origin}${SANDBOX_PREFIX}`,
    origin,
    sandbox,
    db,
    logs,
    advanceClock: (seconds) => {
      offsetMs += seconds * 1000;
    },
    close: async () => {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      await scratch?.drop();
    },
  };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** Exactly the bytes that arrived. */
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The HTTP status the next webhooks are answered with (200 by default). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

/** A merchant's webhook endpoint: a plain node:http server that records raw bodies. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/recharge/cryptomus/webhook`,
    received,
    answerWith: (next) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
