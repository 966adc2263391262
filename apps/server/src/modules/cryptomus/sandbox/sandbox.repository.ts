import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../db/database';
import type { SandboxDatabase, SandboxInvoicesTable } from './sandbox.table';

/** The only code that touches `cryptomus_sandbox_invoices`. */

export type SandboxInvoice = Selectable<SandboxInvoicesTable>;
export type NewSandboxInvoice = Insertable<SandboxInvoicesTable>;
type Settlement = Pick<
  Updateable<SandboxInvoicesTable>,
  'status' | 'is_final' | 'payer_amount_cents' | 'txid' | 'expires_at'
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;

export function createSandboxRepository(appDb: Db) {
  // `Database` does not list the sandbox table yet; widening the type is a no-op at run time.
  const db = appDb.withTables<SandboxDatabase>();
  const table = 'cryptomus_sandbox_invoices' as const;

  return {
    /** Inserts, or returns the invoice that already holds this merchant's order_id (two creates racing included). */
    async insertOrFind(values: NewSandboxInvoice): Promise<SandboxInvoice> {
      const inserted = await db
        .insertInto(table)
        .values(values)
        .onConflict((oc) => oc.columns(['merchant_id', 'order_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return (
        inserted ??
        db
          .selectFrom(table)
          .selectAll()
          .where('merchant_id', '=', values.merchant_id)
          .where('order_id', '=', values.order_id)
          .executeTakeFirstOrThrow()
      );
    },

    /** Undefined for an unknown uuid, and for text that is not a uuid at all (the column type would reject it). */
    async findByUuid(uuid: string): Promise<SandboxInvoice | undefined> {
      if (!UUID.test(uuid)) return undefined;
      return db.selectFrom(table).selectAll().where('uuid', '=', uuid).executeTakeFirst();
    },

    findByOrderId(merchantId: string, orderId: string): Promise<SandboxInvoice | undefined> {
      return db
        .selectFrom(table)
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
    },

    /**
     * Applies a payer's action in one statement, only while the invoice is open (not final and, when
     * `openAt` is given, not yet expired then): two clicks racing settle it once.
     */
    settleIfOpen(
      uuid: string,
      settlement: Settlement,
      now: Date,
      openAt?: Date,
    ): Promise<SandboxInvoice | undefined> {
      let query = db
        .updateTable(table)
        .set({ ...settlement, updated_at: now })
        .where('uuid', '=', uuid)
        .where('is_final', '=', false);
      if (openAt) query = query.where('expires_at', '>', openAt);
      return query.returningAll().executeTakeFirst();
    },

    /** Closes an unpaid invoice whose lifetime is over; undefined when there was nothing to close. */
    expireIfDue(uuid: string, now: Date): Promise<SandboxInvoice | undefined> {
      return db
        .updateTable(table)
        .set({ status: 'cancel', is_final: true, updated_at: now })
        .where('uuid', '=', uuid)
        .where('is_final', '=', false)
        .where('expires_at', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
