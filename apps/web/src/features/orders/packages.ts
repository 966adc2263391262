import type { TrafficPackage } from '@resiport/contract';
import { BYTES_PER_GB } from '../../config/business';

/** Packages on sale as cards, in the server's order; the trial has its own switch. */
export function salePackages(list: readonly TrafficPackage[]): TrafficPackage[] {
  return list.filter((pkg) => !pkg.is_trial);
}

export function trialPackage(list: readonly TrafficPackage[]): TrafficPackage | undefined {
  return list.find((pkg) => pkg.is_trial);
}

/** What a GB costs in this package, to the cent (for comparing packages; the server quotes the order). */
export function packagePerGbCents(pkg: TrafficPackage): number {
  return pkg.traffic_bytes > 0 ? Math.round((pkg.price_cents * BYTES_PER_GB) / pkg.traffic_bytes) : 0;
}

/** Whole percent saved per GB against the list price; 0 when the package is not cheaper. */
export function savingPercent(perGbCents: number, listPerGbCents: number | undefined): number {
  if (listPerGbCents === undefined || listPerGbCents <= 0 || perGbCents >= listPerGbCents) return 0;
  return Math.floor(((listPerGbCents - perGbCents) * 100) / listPerGbCents);
}
