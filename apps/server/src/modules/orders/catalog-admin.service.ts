import { BYTES_PER_GB, parseUsdToCents } from '@resiport/contract';
import type { Db } from '../../db/database';
import { deletePriceTier, upsertPackage, upsertPriceTier } from './catalog.repository';

/** Operator edits of the catalogue (`npm run admin`); every input is checked before anything changes. */

export async function setPriceTier(db: Db, minGb: number, usdPerGb: string): Promise<void> {
  if (!Number.isInteger(minGb) || minGb < 1) throw new Error('min GB must be a whole number ≥ 1');
  const cents = parseUsdToCents(usdPerGb);
  if (cents === undefined || cents <= 0) throw new Error(`not a price in USD: ${usdPerGb}`);
  await upsertPriceTier(db, minGb, BigInt(cents));
}

export async function removePriceTier(db: Db, minGb: number): Promise<void> {
  if (minGb === 1) throw new Error('the 1 GB tier is the base price and cannot be removed');
  await deletePriceTier(db, minGb);
}

export async function setPackage(
  db: Db,
  input: { code: string; gb: string; usd: string; trial: boolean; active: boolean },
): Promise<void> {
  if (!/^[a-z0-9_-]{2,32}$/.test(input.code)) throw new Error('package code: 2-32 of a-z 0-9 _ -');
  const gb = Number(input.gb);
  if (!Number.isFinite(gb) || gb <= 0 || gb > 100_000 || !Number.isInteger(gb * 1000)) {
    throw new Error(`not a traffic amount in GB (up to 3 decimals): ${input.gb}`);
  }
  const cents = parseUsdToCents(input.usd);
  if (cents === undefined) throw new Error(`not a price in USD: ${input.usd}`);
  await upsertPackage(db, {
    code: input.code,
    traffic_bytes: BigInt(Math.round(gb * 1000)) * BigInt(BYTES_PER_GB / 1000),
    price_cents: BigInt(cents),
    is_trial: input.trial,
    active: input.active,
  });
}
