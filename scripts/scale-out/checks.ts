import { checkAccount } from './account-checks';
import { runCli } from './product-processes';
import { check, detail, step } from './report';
import type { RunRecord } from './scenario';
import type { Stack } from './stack';
import { checkTraffic, type TrafficFindings } from './traffic-checks';

/**
 * After the run: the compiled ledger audit, then traffic conservation per gateway process
 * (traffic-checks.ts) and the account's figures and money (account-checks.ts). Each check throws
 * with what it found.
 */
export async function finalChecks(stack: Stack, run: RunRecord): Promise<TrafficFindings> {
  step('audit: the compiled ledger audit (balances, entry chains, overruns, reserved counters)');
  const audit = await runCli(stack.deployment, 'audit');
  for (const line of audit.output.trim().split('\n')) detail(line);
  check(audit.code === 0, `audit exited ${audit.code}`);

  const traffic = await checkTraffic(stack, run);
  await checkAccount(stack, run, traffic.billed);
  return traffic;
}
