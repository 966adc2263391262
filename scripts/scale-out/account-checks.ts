import { existsSync } from 'node:fs';
import path from 'node:path';
import { accountEndpoints, subEndpoints } from '@resiport/contract';
import { check, detail, mb, step } from './report';
import type { RunRecord } from './scenario';
import type { Stack } from './stack';

/**
 * The account after the run, as the portal shows it through nginx and as the ledger holds it:
 * the sub-account's used is what the gateways billed, allocated − used is left (the SIGKILLed
 * process's open lease counts as left until the server reclaims it), the main account kept
 * purchased − allocated, the traffic is conserved, and the balance is top-up − order price.
 */
export async function checkAccount(stack: Stack, run: RunRecord, billed: bigint): Promise<void> {
  const { customer, api } = run;
  step('account: figures through nginx, as the portal shows them, and conservation in the ledger');
  const { list } = await api.expect(subEndpoints.list, { id: customer.sub.id });
  const [sub] = list;
  check(sub !== undefined, 'the sub-account is not listed');
  const info = await api.expect(accountEndpoints.userInfo, {});
  detail(
    `sub-account: allocated ${mb(sub.allocated_bytes)}, used ${mb(sub.traffic_used_bytes)}, left ${mb(sub.traffic_left_bytes)}`,
  );
  check(
    BigInt(sub.traffic_used_bytes) === billed,
    `the portal shows ${sub.traffic_used_bytes} used, billed ${billed}`,
  );
  check(sub.allocated_bytes === customer.sub.allocated_bytes, `allocated changed to ${sub.allocated_bytes}`);
  check(
    sub.traffic_left_bytes === sub.allocated_bytes - sub.traffic_used_bytes,
    'sub-account: left ≠ allocated − used',
  );

  const purchased = customer.order.traffic_bytes;
  detail(
    `account: bought ${mb(purchased)}, left ${mb(info.traffic_left_bytes)}, used ${mb(info.traffic_used_bytes)}; balance ${info.balance_cents} cents`,
  );
  check(
    info.traffic_left_bytes === purchased - sub.allocated_bytes,
    'main account: left ≠ purchased − allocated',
  );
  check(info.traffic_used_bytes === sub.traffic_used_bytes, 'account used ≠ the sub-account’s used');
  const traffic = await stack.records.trafficAccounts(customer.accountId);
  check(
    traffic.total === BigInt(purchased),
    `ledger: left + used + open leases = ${traffic.total}, bought ${purchased}`,
  );
  check(traffic.reservedConsistent, 'a reserved counter differs from its open leases');

  const money = await stack.records.moneyEntries(customer.accountId);
  const expectedBalance = customer.topUpCents - customer.order.amount_cents;
  detail(`money: recharge ${money.get('recharge') ?? 0n}, order ${money.get('order_payment') ?? 0n} cents`);
  check(money.get('recharge') === BigInt(customer.topUpCents), 'the top-up is not in the ledger once');
  check(
    money.get('order_payment') === -BigInt(customer.order.amount_cents),
    'the order is not in the ledger once',
  );
  check(money.size === 2, `unexpected money entries: ${[...money.keys()].join(', ')}`);
  check(info.balance_cents === expectedBalance, `balance ${info.balance_cents}, expected ${expectedBalance}`);

  if (existsSync(path.join(stack.deployment.root, 'apps/web/dist/index.html'))) {
    const page = await (await fetch(`${stack.nginxUrl}/client/`)).text();
    check(page.includes('<div id="root">'), 'nginx does not serve the portal at /client/');
    detail('the portal is served at /client/ through nginx');
  }
}
