import { z } from 'zod';

/** Orders and the catalogue (spec §7 "Orders"). Paths are relative to `/api`. */

export const priceTierSchema = z.object({
  /** The tier applies from this many GB upwards (until the next tier's min_gb). */
  min_gb: z.number().int(),
  price_per_gb_cents: z.number().int(),
});
export const priceMenuData = z.object({ tiers: z.array(priceTierSchema) });

export const packageSchema = z.object({
  id: z.number().int(),
  /** Stable name; the web shows `package.<code>` from its locale files. */
  code: z.string(),
  traffic_bytes: z.number().int(),
  price_cents: z.number().int(),
  is_trial: z.boolean(),
});
export type TrafficPackage = z.infer<typeof packageSchema>;
export const packagesData = z.object({ list: z.array(packageSchema) });

export const orderPaths = {
  priceMenu: '/order/pricemenu',
  packages: '/order/packages',
  check: '/order/check',
  pay: '/order/pay',
} as const;
