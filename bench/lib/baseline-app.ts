import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/database';

/** int8 columns come back as bigint, which JSON.stringify refuses. */
const bigintAsString = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;

/**
 * The floor to compare against: a bare Fastify route doing the one SQL read /api/user/info needs,
 * through the same Kysely instance (same pool), with no auth, validation or plugins.
 */
export async function startBaseline(
  db: Db,
  accountId: number,
): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  app.get('/baseline', async (_request, reply) => {
    const row = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
    return reply
      .type('application/json')
      .send(JSON.stringify({ code: 0, msg: 'success', data: row }, bigintAsString));
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${baseUrl}/baseline`, app };
}
