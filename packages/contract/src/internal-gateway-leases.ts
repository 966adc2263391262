import { z } from 'zod';
import { bytes, id, instanceId } from './internal-gateway-fields';

/**
 * The internal calls' owners and traffic leases (internal-gateway.ts lists the endpoints): who spends,
 * and the reserve/release schemas of decisions 013, 015 and 044 — one owner at a time, or a process's
 * round of them in one call.
 */

/** Upper bound of one reservation: 1 TB (leases are usually MBs). */
export const MAX_LEASE_BYTES = 1_000_000_000_000;
/**
 * The server voids a lease this long after its last grant or usage report (what was unused goes back
 * to the owner); a gateway stops trusting its local credit earlier (see the gateway's leases.ts).
 */
export const LEASE_TTL_SECONDS = 120;

/** Whose traffic: a sub-account of an account, or the main account itself (`subaccount_id` null: whitelisted IPs). */
export const trafficOwnerSchema = z.object({ account_id: id, subaccount_id: id.nullable() });
export type TrafficOwner = z.infer<typeof trafficOwnerSchema>;

export const leaseRequest = trafficOwnerSchema.extend({
  instance_id: instanceId,
  want_bytes: z.number().int().positive().max(MAX_LEASE_BYTES),
});
export const leaseData = z.object({
  /**
   * The server's lease the bytes were added to. A change-feed event voids leases up to an id, so a
   * gateway can tell a grant to a voided lease (ignore it) from a grant to a newer one (keep it).
   * 0 when the owner was revoked before any lease was opened.
   */
  lease_id: z.number().int().min(0),
  /** Newly reserved by this call (0 when nothing is left, or the owner may not spend). */
  granted_bytes: bytes,
  /** Nothing is left after this grant: once it is spent, the owner's tunnels stop. */
  exhausted: z.boolean(),
  /** The owner may not spend at all any more (deleted, disabled, account disabled): close its tunnels. */
  revoked: z.boolean(),
  /**
   * Why no more is to come, when `exhausted` or `revoked` says so: `cap` — a sub-account's daily or
   * monthly cap, not its traffic (refused as `cap_reached`); `expired` — its last day is over.
   */
  stop: z.enum(['traffic', 'cap', 'expired', 'revoked']).optional(),
  /** The lease lapses then unless renewed or reported on; the server then voids what was not used. */
  expires_at: z.string(),
});

/** A batch names each owner at most once (the server answers per owner, in order). */
const eachOwnerOnce = (owners: readonly TrafficOwner[]) =>
  new Set(owners.map((o) => `${o.account_id}/${o.subaccount_id}`)).size === owners.length;

/** Owners one `leases` call may name (~36 KB of JSON, within the API's general body limit). */
export const MAX_LEASE_BATCH = 500;

/**
 * A process's renewals of one round in one call: each owner once, answered in order (the server
 * grants them in one transaction, set-based). What `lease` does for one owner, for many.
 */
export const leasesRequest = z.object({
  instance_id: instanceId,
  wants: z
    .array(trafficOwnerSchema.extend({ want_bytes: leaseRequest.shape.want_bytes }))
    .min(1)
    .max(MAX_LEASE_BATCH)
    .refine(eachOwnerOnce, 'each owner at most once'),
});
export const leasesData = z.object({ leases: z.array(leaseData) });

export const releaseRequest = trafficOwnerSchema.extend({ instance_id: instanceId });
export const releaseData = z.object({ returned_bytes: bytes });

/** A process's releases in one call (a stop gives back every lease at once): each owner once, in order. */
export const releasesRequest = z.object({
  instance_id: instanceId,
  owners: z
    .array(trafficOwnerSchema)
    .min(1)
    .max(MAX_LEASE_BATCH)
    .refine(eachOwnerOnce, 'each owner at most once'),
});
export const releasesData = z.object({ returned_bytes: z.array(bytes) });
