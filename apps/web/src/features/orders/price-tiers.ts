import type { PriceTier } from '@resiport/contract';

/** A price tier with the last whole GB it covers: the next tier's start − 1, or null for the top tier. */
export interface TierRow extends PriceTier {
  max_gb: number | null;
}

/** The price menu as a table, cheapest-per-GB last (ascending quantity). */
export function tierRows(tiers: readonly PriceTier[]): TierRow[] {
  const sorted = [...tiers].sort((a, b) => a.min_gb - b.min_gb);
  return sorted.map((tier, index) => {
    const next = sorted[index + 1];
    return { ...tier, max_gb: next ? next.min_gb - 1 : null };
  });
}

/**
 * The tier whose price applies to `gb` whole GB: the one with the highest start not above it.
 * Undefined without a quantity or below the first tier.
 */
export function tierFor(tiers: readonly PriceTier[], gb: number | null | undefined): PriceTier | undefined {
  if (gb === null || gb === undefined || !Number.isFinite(gb)) return undefined;
  let found: PriceTier | undefined;
  for (const tier of tiers) {
    if (tier.min_gb <= gb && (found === undefined || tier.min_gb > found.min_gb)) found = tier;
  }
  return found;
}

/** The price per GB of the smallest purchase: what package savings are measured against. */
export function listPricePerGbCents(tiers: readonly PriceTier[]): number | undefined {
  return tierRows(tiers)[0]?.price_per_gb_cents;
}
