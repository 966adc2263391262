import { accountEndpoints, type Session } from '@resiport/contract';
import { endpointClient, fetchTransport } from '@resiport/testkit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createAppContext, type AppContext } from '../../apps/server/src/context';
import { createDatabase, type Db } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { createLogger } from '../../apps/server/src/lib/logger';
import { hashPassword } from '../../apps/server/src/lib/password';
import { insertAccount } from '../../apps/server/src/modules/account/account.repository';
import type { Mailer } from '../../apps/server/src/modules/mail/mailer';

const JWT_SECRET = 'bench-only-secret-0123456789abcdef-0123456789';
const EMAIL = 'bench@example.test';
const PASSWORD = 'BenchSecret123';

/** Nothing here sends mail: the account is created active. */
const noMailer: Mailer = { send: async () => undefined, close: () => undefined };

export interface RunningResiport {
  app: FastifyInstance;
  /** The app's context, for seeding through the product's own services. */
  ctx: AppContext;
  db: Db;
  baseUrl: string;
  accountId: number;
  session: Session;
  /** The `account_sessions` row of `session` (the bench's baselines read it as the auth read does). */
  sessionId: string;
  close(): Promise<void>;
}

/** The real server app, in this process, on PostgreSQL, as main.ts builds it (logs silenced). */
export async function startResiport(databaseUrl: string, webDistDir: string): Promise<RunningResiport> {
  // METRICS_PORT on, as a monitored production server runs: the request metrics are on the measured path
  // (only the hooks; the listener itself is not started here).
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    METRICS_PORT: '0',
  });
  const db = createDatabase({ url: databaseUrl, dataDir: null });
  await migrateToLatest(db);
  const ctx = createAppContext(config, { db, mailer: noMailer, log: createLogger('silent') });
  const app = await buildApp(ctx, { webDistDir });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  const account = await insertAccount(db, {
    email: EMAIL,
    password_hash: await hashPassword(PASSWORD),
    status: 'active',
    lang: 'en-us',
    activated_at: new Date(),
  });
  if (!account) throw new Error('could not create the bench account');
  const session = await logIn(baseUrl);
  const { id: sessionId } = await db
    .selectFrom('account_sessions')
    .select('id')
    .where('account_id', '=', account.id)
    .executeTakeFirstOrThrow();

  return {
    app,
    ctx,
    db,
    baseUrl,
    accountId: account.id,
    session,
    sessionId,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/** Signs in through the public API, the way the web app does (form-encoded). */
async function logIn(baseUrl: string): Promise<Session> {
  const answer = await endpointClient(fetchTransport(baseUrl)).call(accountEndpoints.login, {
    email: EMAIL,
    password: PASSWORD,
  });
  if (!answer.ok) throw new Error(`login failed: code ${answer.code} ${answer.msg}`);
  return answer.data;
}
