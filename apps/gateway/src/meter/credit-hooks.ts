import type { CreditHooks, LeaseRefusal } from './leases';
import type { Meter } from './meter';

/**
 * What the owner's credit does to its tunnels in the meter: hold them all, release them, close them.
 * One place for this wiring, so the gateway and the hold state-machine test run the same.
 */
export function creditHooks(
  meter: Meter,
  on: { onHold: (ownerKey: string) => void; onCut: (ownerKey: string, reason: LeaseRefusal) => void },
): CreditHooks {
  return {
    hold: (ownerKey) => {
      on.onHold(ownerKey);
      meter.forOwner(ownerKey, (t) => t.hold());
    },
    release: (ownerKey) => meter.forOwner(ownerKey, (t) => t.release()),
    cut: (ownerKey, reason) => {
      if (meter.cutOwner(ownerKey) > 0) on.onCut(ownerKey, reason);
    },
    hasTunnels: (ownerKey) => meter.hasTunnels(ownerKey),
  };
}
