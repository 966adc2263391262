import type { TrafficPackage } from '@resiport/contract';
import type { Db } from '../../db/database';
import { listActivePackages, listPriceTiers } from './catalog.repository';

export async function priceMenu(db: Db) {
  const tiers = await listPriceTiers(db);
  return {
    tiers: tiers.map((t) => ({ min_gb: t.min_gb, price_per_gb_cents: Number(t.price_per_gb_cents) })),
  };
}

export async function packages(db: Db): Promise<{ list: TrafficPackage[] }> {
  const rows = await listActivePackages(db);
  return {
    list: rows.map((p) => ({
      id: p.id,
      code: p.code,
      traffic_bytes: Number(p.traffic_bytes),
      price_cents: Number(p.price_cents),
      is_trial: p.is_trial,
    })),
  };
}
