import { amountBeforeFee, MAX_RECHARGE_CENTS } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { overpaidShareCents } from '../cryptomus/money';
import { post } from '../ledger/ledger.service';

/**
 * Overpayments (decision 026, amendment "overpayments"): a crypto invoice paid over credits, beside
 * what it was for, the extra to the customer's balance — valued as the invoice is, net of the crypto
 * fee: 22.66 USDT paid of 20.60 due is 10 % over a 20.00 top-up, so 2.00 more. The figures are the
 * provider's answer to our own `payment/info` (what was paid and what was due, in the coin paid),
 * never a webhook's claim.
 */

/** What the extra of a paid-over invoice is worth, in cents; undefined when the provider's figures cannot say. */
export function extraOfOverpayment(
  invoiceCents: bigint,
  paid: string | null,
  due: string | null,
): bigint | undefined {
  if (paid === null || due === null) return undefined;
  const extra = overpaidShareCents(BigInt(amountBeforeFee(Number(invoiceCents))), paid, due);
  if (extra === undefined) return undefined;
  // A larger figure is a typo in the wallet or a wrong answer, not a purchase: support looks at it.
  return extra <= BigInt(MAX_RECHARGE_CENTS) ? extra : undefined;
}

/**
 * Posts the extra of a paid-over invoice to the balance, in the transaction that settles it. Kind
 * `recharge` (it is money the customer paid, so revenue counts it as a top-up); the ref names the
 * top-up or order with `_overpaid`, so it posts once and the balance history says what it was.
 */
export async function creditOverpayment(
  trx: Transaction<Database>,
  credit: { accountId: number; of: 'recharge' | 'order'; id: number; cents: bigint },
): Promise<bigint | undefined> {
  if (credit.cents <= 0n) return undefined;
  const result = await post(trx, {
    accountId: credit.accountId,
    asset: 'money',
    kind: 'recharge',
    amount: credit.cents,
    ref: { type: `${credit.of}_overpaid`, id: String(credit.id) },
  });
  if (!result.ok) throw new Error('a credit cannot fail');
  return result.balanceAfter;
}
