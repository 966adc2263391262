import type { AppContext } from '../../apps/server/src/context';
import { hashPassword } from '../../apps/server/src/lib/password';
import { insertAccount } from '../../apps/server/src/modules/account/account.repository';
import { post } from '../../apps/server/src/modules/ledger/ledger.service';
import { addSubaccount } from '../../apps/server/src/modules/subaccounts/subaccount.service';
import { addWhitelistIp } from '../../apps/server/src/modules/whitelist/whitelist.service';
import type { SimOwner } from './capacity-protocol';

/** Owners per account: the main account (by whitelisted address) and four sub-accounts. */
export const OWNERS_PER_ACCOUNT = 5;
export const PROXY_PASSWORD = 'Bench-line.1';
const OWNER_BYTES = 100_000_000_000n; // 100 GB each: leases are never cut short by a small balance

export interface CapacitySeed {
  owners: Omit<SimOwner, 'bytesPerSecond'>[];
  /** Traffic put on the accounts (one adjustment each): what conservation is checked against. */
  trafficBytes: bigint;
  seconds: number;
}

/**
 * Customers as the product makes them, through its services: an active account with a traffic
 * adjustment (ledger entry), four sub-accounts created with their share of it (allocations) and one
 * whitelisted address. Eight accounts at a time.
 */
export async function seedOwners(ctx: AppContext, count: number): Promise<CapacitySeed> {
  const started = performance.now();
  const accounts = Math.ceil(count / OWNERS_PER_ACCOUNT);
  const passwordHash = await hashPassword('BenchSecret123');
  const byAccount: Omit<SimOwner, 'bytesPerSecond'>[][] = [];
  const seedAccount = async (n: number) => {
    const account = await insertAccount(ctx.db, {
      email: `capacity-${n}@bench.example`,
      password_hash: passwordHash,
      status: 'active',
      lang: 'en-us',
      activated_at: new Date(),
    });
    if (!account) throw new Error('could not create a bench account');
    const owner = { id: account.id };
    await ctx.db.transaction().execute(async (trx) => {
      const amount = OWNER_BYTES * BigInt(OWNERS_PER_ACCOUNT);
      const added = await post(trx, { accountId: owner.id, asset: 'traffic', kind: 'adjustment', amount });
      if (!added.ok) throw new Error('adjustment refused');
    });
    const ip = `11.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    await addWhitelistIp(ctx, owner, { ip, remark: '' });
    const owners: Omit<SimOwner, 'bytesPerSecond'>[] = [{ account_id: owner.id, subaccount_id: null, ip }];
    for (let s = 1; s < OWNERS_PER_ACCOUNT; s++) {
      const username = `capacity${n.toString().padStart(6, '0')}s${s}`;
      const sub = await addSubaccount(ctx, owner, {
        username,
        password: PROXY_PASSWORD,
        remark: '',
        trafficBytes: OWNER_BYTES,
      });
      owners.push({ account_id: owner.id, subaccount_id: sub.id, username });
    }
    byAccount[n] = owners;
  };
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < accounts; n = next++) await seedAccount(n);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return {
    owners: byAccount.flat().slice(0, count),
    trafficBytes: OWNER_BYTES * BigInt(OWNERS_PER_ACCOUNT * accounts),
    seconds: (performance.now() - started) / 1000,
  };
}
