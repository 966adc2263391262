import type { Generated } from 'kysely';

/** `price_tiers`: the price per GB from a quantity on. */
export interface PriceTiersTable {
  min_gb: number;
  price_per_gb_cents: bigint;
}

/** `packages`: fixed amounts of traffic at a fixed price (the trial among them). */
export interface PackagesTable {
  id: Generated<number>;
  code: string;
  traffic_bytes: bigint;
  price_cents: bigint;
  is_trial: Generated<boolean>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
}
