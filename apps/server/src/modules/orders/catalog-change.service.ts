import { BASE_TIER_GB, MAX_CATALOGUE_CENTS, MAX_PACKAGE_BYTES, packageCodePattern } from '@resiport/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { recordOperatorAction, type Actor } from '../audit/audit.service';
import { changedFields } from './changed-fields';
import {
  deletePriceTier,
  insertPackage,
  lockPackage,
  lockPriceTier,
  updatePackage,
  upsertPriceTier,
  type PackageRow,
  type PackageValues,
  type PriceTierRow,
} from './catalog.repository';

/**
 * Operator changes of price tiers and packages: the console and the command line (`npm run admin`)
 * both come here. Every rule is checked before anything is written; the change and its audit row
 * commit together. Nothing caches the catalogue, so the next quote of every API process sees it.
 */

/** Why the operator changes something (the console requires one; the command line may give one). */
export interface Reasoned {
  reason: string | null;
}

export async function savePriceTier(
  db: Db,
  actor: Actor,
  change: Reasoned & { minGb: number; pricePerGbCents: bigint },
): Promise<PriceTierRow> {
  const { minGb, pricePerGbCents: price, reason } = change;
  if (!Number.isInteger(minGb) || minGb < BASE_TIER_GB) throw new AppError('ValidationFailed');
  if (price < 1n || price > BigInt(MAX_CATALOGUE_CENTS)) throw new AppError('TierPriceInvalid');
  return db.transaction().execute(async (trx) => {
    const current = await lockPriceTier(trx, minGb);
    const tier = await upsertPriceTier(trx, minGb, price);
    const diff = current && changedFields(current, { price_per_gb_cents: price });
    if (!current || diff) {
      await recordOperatorAction(trx, {
        actor,
        action: 'catalogue.price_tier',
        target: { type: 'price_tier', id: minGb },
        before: diff?.before ?? null,
        after: diff?.after ?? { price_per_gb_cents: price },
        reason,
      });
    }
    return tier;
  });
}

export async function dropPriceTier(
  db: Db,
  actor: Actor,
  change: Reasoned & { minGb: number },
): Promise<void> {
  if (change.minGb === BASE_TIER_GB) throw new AppError('CatalogueBaseTier');
  await db.transaction().execute(async (trx) => {
    const removed = await deletePriceTier(trx, change.minGb);
    if (!removed) throw new AppError('NotFound');
    await recordOperatorAction(trx, {
      actor,
      action: 'catalogue.price_tier_remove',
      target: { type: 'price_tier', id: change.minGb },
      before: { price_per_gb_cents: removed.price_per_gb_cents },
      reason: change.reason,
    });
  });
}

function checkPackage(values: PackageValues): void {
  if (!packageCodePattern.test(values.code)) throw new AppError('ValidationFailed');
  if (values.traffic_bytes < 1n || values.traffic_bytes > BigInt(MAX_PACKAGE_BYTES)) {
    throw new AppError('PackageTrafficInvalid');
  }
  if (values.price_cents < 0n || values.price_cents > BigInt(MAX_CATALOGUE_CENTS)) {
    throw new AppError('PackagePriceInvalid');
  }
}

/** The package's code is unique: another package's code is 10072, not a failure. */
function codeTaken(code: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError('PackageCodeTaken', { code });
    throw error;
  };
}

export async function createPackage(
  db: Db,
  actor: Actor,
  change: Reasoned & PackageValues,
): Promise<PackageRow> {
  const { reason, ...values } = change;
  checkPackage(values);
  return db
    .transaction()
    .execute(async (trx) => {
      const created = await insertPackage(trx, values);
      await recordOperatorAction(trx, {
        actor,
        action: 'catalogue.package',
        target: { type: 'package', id: created.id },
        after: values,
        reason,
      });
      return created;
    })
    .catch(codeTaken(values.code));
}

/**
 * Changes a package (every field, or just `active` to disable or enable it). Orders already placed
 * keep their own amounts and traffic, so a new price applies from the next order on.
 */
export async function changePackage(
  db: Db,
  actor: Actor,
  id: number,
  change: Reasoned & Partial<PackageValues>,
): Promise<PackageRow> {
  const { reason, ...values } = change;
  return db
    .transaction()
    .execute(async (trx) => {
      const current = await lockPackage(trx, id);
      if (!current) throw new AppError('NotFound');
      checkPackage({ ...current, ...values });
      const diff = changedFields(current, values);
      if (!diff) return current;
      const changed = await updatePackage(trx, id, diff.after);
      await recordOperatorAction(trx, {
        actor,
        action: 'catalogue.package',
        target: { type: 'package', id },
        ...diff,
        reason,
      });
      return changed;
    })
    .catch(codeTaken(values.code ?? ''));
}
