import { z } from 'zod';
import { trafficGbSchema } from './money';
import { nullIfEmpty, rowIdSchema } from './rules';

/**
 * Auto-refill per sub-account (decision 037): when what it has left falls below
 * `refill_below`, `refill_amount` moves to it from the main account, at most `refill_daily_max` per
 * UTC day (no cap when empty). It happens when a gateway asks for traffic (and when the setting is
 * saved), once per crossing: a refill lifts it above the threshold, so the next request does not
 * refill again. With the main account empty it stops (`refill_stopped`) until saved again.
 */

const gbOrNone = z.preprocess(
  nullIfEmpty,
  trafficGbSchema.refine((bytes) => bytes > 0, { error: 'validation.traffic' }).nullable(),
);

/** Empty `refill_below` and `refill_amount` turn auto-refill off; both or neither. */
export const subRefillBody = z
  .object({
    id: rowIdSchema(),
    refill_below: gbOrNone,
    refill_amount: gbOrNone,
    refill_daily_max: gbOrNone.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.refill_below === null) !== (value.refill_amount === null)) {
      const path = value.refill_below === null ? 'refill_below' : 'refill_amount';
      ctx.addIssue({ code: 'custom', path: [path], message: 'validation.refillPair' });
    }
    const max = value.refill_daily_max ?? null;
    if (max !== null && value.refill_amount !== null && max < value.refill_amount) {
      ctx.addIssue({ code: 'custom', path: ['refill_daily_max'], message: 'validation.refillDailyMax' });
    }
  });
export type SubRefillInput = Omit<z.infer<typeof subRefillBody>, 'id'>;

/** The setting as every sub-account answer shows it, with what it refilled today (UTC). */
export const subRefillView = {
  refill_below_bytes: z.number().int().nullable(),
  refill_amount_bytes: z.number().int().nullable(),
  refill_daily_max_bytes: z.number().int().nullable(),
  refilled_today_bytes: z.number().int(),
  /** It stopped because the main account had no traffic to give; saving the setting again restarts it. */
  refill_stopped: z.boolean(),
};

/** The refill fields of a sub-account without auto-refill (a new one). */
export const NO_SUB_REFILL = {
  refill_below_bytes: null,
  refill_amount_bytes: null,
  refill_daily_max_bytes: null,
  refilled_today_bytes: 0,
  refill_stopped: false,
} as const satisfies { [K in keyof typeof subRefillView]: z.infer<(typeof subRefillView)[K]> };
