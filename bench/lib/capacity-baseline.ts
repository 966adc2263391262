import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { internalGatewayEndpoints, MAX_USAGE_BATCH_BODY_BYTES } from '@resiport/contract';
import { apiUrl } from '@resiport/testkit';
import { createDatabase } from '../../apps/server/src/db/database';

/**
 * The capacity bench's baseline process (`node --import tsx capacity-baseline.ts <database url> <port>`;
 * port 0: any free one, and it prints `ready <port>`):
 * a bare Fastify route at the usage path, with the usage route's body limit and the same Kysely pool, doing one
 * primary-key read per entry, one after another — the least a server can do per owner and flush.
 */
const [url, port] = process.argv.slice(2);
const db = createDatabase({ url, dataDir: null });
// The usage route's own body limit, as the API gives it (a 2,500-owner batch is ~270 kB).
const app = Fastify({ logger: false, bodyLimit: MAX_USAGE_BATCH_BODY_BYTES });
const ANSWER = JSON.stringify({ code: 0, msg: 'success', data: { applied: true } });

app.post(apiUrl(internalGatewayEndpoints.usage), async (request, reply) => {
  const { entries } = request.body as { entries: { account_id: number; subaccount_id: number | null }[] };
  for (const entry of entries) {
    if (entry.subaccount_id === null) {
      await db
        .selectFrom('accounts')
        .select('traffic_left_bytes')
        .where('id', '=', entry.account_id)
        .execute();
    } else {
      await db
        .selectFrom('subaccounts')
        .select('traffic_left_bytes')
        .where('id', '=', entry.subaccount_id)
        .execute();
    }
  }
  return reply.type('application/json').send(ANSWER);
});

await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log(`ready ${(app.server.address() as AddressInfo).port}`);
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
