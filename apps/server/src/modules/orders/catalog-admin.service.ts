import { BYTES_PER_GB, packageCodePattern, parseUsdToCents } from '@resiport/contract';
import type { Db } from '../../db/database';
import { inEnglish } from '../../lib/in-english';
import { commandLine } from '../audit/audit.service';
import { changePackage, createPackage, dropPriceTier, savePriceTier } from './catalog-change.service';
import { findPackageByCode } from './catalog.repository';

/**
 * The command line's catalogue edits (`npm run admin`): its text arguments ("4.00" USD, "2.5" GB)
 * read into the console's own change services, which check the rules and write the audit row.
 */

export async function setPriceTier(db: Db, minGb: number, usdPerGb: string, reason?: string): Promise<void> {
  if (!Number.isInteger(minGb) || minGb < 1) throw new Error('min GB must be a whole number ≥ 1');
  const cents = parseUsdToCents(usdPerGb);
  if (cents === undefined) throw new Error(`not a price in USD: ${usdPerGb}`);
  await inEnglish(
    savePriceTier(db, commandLine, { minGb, pricePerGbCents: BigInt(cents), reason: reason ?? null }),
  );
}

export async function removePriceTier(db: Db, minGb: number, reason?: string): Promise<void> {
  await inEnglish(dropPriceTier(db, commandLine, { minGb, reason: reason ?? null }));
}

/** Creates the package with this code, or changes the one that has it. */
export async function setPackage(
  db: Db,
  input: { code: string; gb: string; usd: string; trial: boolean; active: boolean; reason?: string },
): Promise<void> {
  if (!packageCodePattern.test(input.code)) throw new Error('package code: 2-32 of a-z 0-9 _ -');
  const gb = Number(input.gb);
  if (!/^\d+(\.\d+)?$/.test(input.gb) || !Number.isInteger(gb * 1000)) {
    throw new Error(`not a traffic amount in GB (up to 3 decimals): ${input.gb}`);
  }
  const cents = parseUsdToCents(input.usd);
  if (cents === undefined) throw new Error(`not a price in USD: ${input.usd}`);
  const values = {
    code: input.code,
    traffic_bytes: BigInt(Math.round(gb * 1000)) * BigInt(BYTES_PER_GB / 1000),
    price_cents: BigInt(cents),
    is_trial: input.trial,
    active: input.active,
    reason: input.reason ?? null,
  };
  const existing = await findPackageByCode(db, input.code);
  await inEnglish(
    existing ? changePackage(db, commandLine, existing.id, values) : createPackage(db, commandLine, values),
  );
}
