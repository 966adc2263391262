import { amountBeforeFee } from '@resiport/contract';
import type { InvoiceStatus } from './invoice.table';
import type { InvoiceEventRow } from './invoice-history.repository';

/**
 * When a crypto invoice may be resolved by an operator, and what a credit would post — one rule for
 * the resolution itself and for the console's lists, which read the same facts in bulk.
 */
export interface ResolutionFacts {
  status: InvoiceStatus;
  /** What was asked, fee included. */
  amountCents: bigint;
  /** Money arrived: the invoice or any event of it reports an amount received. */
  receivedSomething: boolean;
  /** The provider's latest word on what arrived, in USD cents; null when it never said. */
  reportedUsdCents: bigint | null;
  resolved: boolean;
}

/**
 * Only a cancelled invoice that received money — underpaid (`wrong_amount`), expired or failed with
 * a payment, or paid after it had closed — and only once. A paid one was credited already; an
 * unpaid one may still complete; a refunded one went back to the payer.
 */
export function isResolvable(facts: ResolutionFacts): boolean {
  return facts.status === 'cancelled' && facts.receivedSomething && !facts.resolved;
}

/**
 * What a credit posts: the share of the invoice that arrived (as the provider reported it in USD),
 * of what the invoice pays for before the crypto fee — so a late full payment of a 20.60 invoice
 * credits 20.00 as a paid top-up does, half of it 10.00 — never more than that amount.
 */
export function creditOf(facts: ResolutionFacts): bigint | null {
  if (!isResolvable(facts) || facts.reportedUsdCents === null || facts.reportedUsdCents <= 0n) return null;
  const net = BigInt(amountBeforeFee(Number(facts.amountCents)));
  const share = (facts.reportedUsdCents * net) / facts.amountCents;
  return share < net ? share : net;
}

/** The facts of one invoice from its row and its events. */
export function factsOf(
  invoice: { status: InvoiceStatus; amount_cents: bigint; received_amount: string | null },
  events: InvoiceEventRow[],
  resolved: boolean,
): ResolutionFacts {
  const reported = events.findLast((event) => event.received_usd_cents !== null);
  return {
    status: invoice.status,
    amountCents: invoice.amount_cents,
    receivedSomething:
      invoice.received_amount !== null || events.some((event) => event.received_amount !== null),
    reportedUsdCents: reported?.received_usd_cents ?? null,
    resolved,
  };
}
