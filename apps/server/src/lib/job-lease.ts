import type { Db } from '../db/database';

/**
 * Takes (or renews) a named lease until `until` unless another holder has an unexpired one.
 * One atomic upsert, so two processes racing cannot both win.
 */
export async function takeLease(
  db: Db,
  name: string,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: until })
        .where((eb) => eb.or([eb('job_leases.expires_at', '<', now), eb('job_leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}
