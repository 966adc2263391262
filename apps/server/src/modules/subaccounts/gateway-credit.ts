import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';

interface Owner {
  accountId: number;
  subaccountId: number | null;
}

/**
 * What sub-accounts need from the gateway link: the credit gateways hold on an owner's traffic
 * (leases) and what an owner owes for bytes delivered past zero (debt, decision 015). The gateway
 * link sits above this module — it leases sub-accounts' traffic, refills them and sweeps expired ones
 * — so this module does not import it (decision 040): context.ts puts the gateway link's functions
 * in the AppContext (`ctx.gatewayCredit`), all of them run in the caller's transaction.
 */
export interface GatewayCredit {
  /** Voids every open lease of the owner (`subaccountId` undefined: the whole account); bytes returned. */
  voidOwnerLeases(
    ctx: AppContext,
    trx: Transaction<Database>,
    owner: { accountId: number; subaccountId: number | null | undefined },
  ): Promise<bigint>;
  /** Pays what the owner owes from what it has now (as much as it can). */
  repayDebt(trx: Transaction<Database>, owner: Owner, ref: { type: string; id: string }): Promise<void>;
  /** A deleted sub-account's debt is void: the main account paid (or owes) those bytes already. */
  forgiveOnDeletion(trx: Transaction<Database>, sub: Owner): Promise<void>;
}
