import { accountEndpoints, subEndpoints } from '@resiport/contract';
import { billedOf } from './billing-records';
import { customerJourney, type Customer } from './customer-journey';
import { waitFor } from './poll';
import { PortalApi } from './portal-api';
import { startApi, startGateway } from './product-processes';
import { check, detail, mb, step } from './report';
import { FIRST_GATEWAY_IDS, type Stack } from './stack';
import { TrafficLoad } from './traffic-load';

/** What the checks need to know about the run besides the database. */
export interface RunRecord {
  api: PortalApi;
  customer: Customer;
  load: TrafficLoad;
  /** The gateway process SIGKILLed mid-transfer, and its downloads in flight at that moment. */
  killed: { instanceId: string; tunnelsAtKill: number };
  /** Portal calls made while api-1 was down, and how many of them failed. */
  outageCalls: { made: number; failed: number };
}

const TRAFFIC_TIMEOUT_MS = 60_000;
const [A1, B1] = FIRST_GATEWAY_IDS;
/** Gateway-a after its restart: a new process, so a new instance id (as the default id would be). */
const A2 = 'scaleout-a2';

/**
 * The run: a customer's journey through nginx, traffic through both gateways, a SIGKILL of one API
 * process and one gateway in the middle of downloads, traffic through the survivors, both restarted,
 * traffic through both again, then a graceful stop of the gateways (their usage flushed).
 */
export async function runScenario(stack: Stack): Promise<RunRecord> {
  const [apiOne] = stack.apis;
  const [gatewayA, gatewayB] = stack.gateways;
  if (!apiOne || !gatewayA || !gatewayB) throw new Error('the stack has fewer processes than the run needs');
  const api = new PortalApi(stack.nginxUrl);
  const apiOneAddress = `127.0.0.1:${String(apiOne.port)}`;

  step(
    'customer journey through nginx: sign up, activate, top up on the sandbox, buy a package, add a sub-account',
  );
  const customer = await customerJourney(api, stack.mailbox);
  const billing = (instanceId: string) =>
    stack.records.billing(customer.accountId, customer.sub.id, instanceId);
  const billed = async (instanceId: string) => billedOf(await billing(instanceId));

  step('traffic: downloads through both gateways, HTTP CONNECT and SOCKS5 on each');
  const load = new TrafficLoad(
    stack.gateways.map((g) => g.slot),
    { user: customer.sub.username, pass: customer.sub.password },
    stack.target.port,
  );
  load.start();
  // Two usage flushes of each (5 s apart): the kill comes in the middle of a run, not at its start.
  await waitFor(
    'two downloads per protocol and two usage batches billed through each gateway',
    async () =>
      load.completedAtLeast(A1, 2) &&
      load.completedAtLeast(B1, 2) &&
      (await billing(A1)).batches >= 2 &&
      (await billing(B1)).batches >= 2,
    TRAFFIC_TIMEOUT_MS,
  );
  detail(`billed so far: ${A1} ${mb(await billed(A1))}, ${B1} ${mb(await billed(B1))}`);

  step('SIGKILL api-1 and gateway-a while downloads are running');
  // Both of its clients in the first half of a body: the target paces bodies, so the rest of them is
  // not in any buffer yet and the kill cuts both downloads.
  await waitFor(
    'both of gateway-a’s clients mid-body',
    async () => load.allInFirstHalfOfBody(A1, 2),
    10_000,
    2,
  );
  gatewayA.slot.instanceId = undefined; // its clients start nothing new on the dying process
  const tunnelsAtKill = load.tally(A1).active.size;
  await Promise.all([apiOne.process.sigkill(), gatewayA.process.sigkill()]);
  const b1AtKill = { ...load.tally(B1).complete, billed: await billed(B1) };
  detail(
    `killed api-1 (pid ${apiOne.process.pid}) and gateway-a (pid ${gatewayA.process.pid}) with ${tunnelsAtKill} tunnels open`,
  );

  step('survivors: gateway-b keeps serving, api-2 answers everything behind nginx');
  const outageCalls = { made: 0, failed: 0 };
  const callDuringOutage = async (call: () => Promise<unknown>) => {
    outageCalls.made++;
    await call().catch((error: unknown) => {
      outageCalls.failed++;
      detail(`a call failed during the outage: ${String(error)}`);
    });
  };
  const apiOneBefore = api.answeredBy.get(apiOneAddress) ?? 0;
  for (let i = 0; i < 10; i++) await callDuringOutage(() => api.expect(accountEndpoints.userInfo, {}));
  await callDuringOutage(() =>
    api.expect(subEndpoints.remark, {
      id: customer.sub.id,
      remark: 'written while api-1 is down',
    }),
  );
  await waitFor(
    'three more downloads per protocol through gateway-b, and their usage billed by api-2',
    async () => {
      const { complete } = load.tally(B1);
      return (
        complete.http >= b1AtKill.http + 3 &&
        complete.socks5 >= b1AtKill.socks5 + 3 &&
        (await billed(B1)) > b1AtKill.billed
      );
    },
    TRAFFIC_TIMEOUT_MS,
  );
  check(
    (api.answeredBy.get(apiOneAddress) ?? 0) === apiOneBefore,
    'nginx answered a call from the dead api-1',
  );
  check(
    outageCalls.failed === 0,
    'portal calls failed while api-1 was down (nginx should pass them to api-2)',
  );
  detail(`${outageCalls.made} portal calls during the outage, ${outageCalls.failed} failed`);
  detail(`${B1} billed ${mb((await billed(B1)) - b1AtKill.billed)} more since the kill`);

  step('restart api-1 (same port) and gateway-a (same ports, a new process: scaleout-a2)');
  apiOne.process = await startApi(stack.deployment, 'api-1-restarted', apiOne.port);
  gatewayA.process = await startGateway(stack.deployment, 'gateway-a-restarted', A2, gatewayA.slot);
  gatewayA.slot.instanceId = A2;
  const b1AtRestart = { ...load.tally(B1).complete };
  await waitFor(
    'nginx passing calls to the restarted api-1',
    async () => {
      await api.expect(accountEndpoints.userInfo, {});
      return (api.answeredBy.get(apiOneAddress) ?? 0) > apiOneBefore;
    },
    15_000,
  );
  detail(`api-1 pid ${apiOne.process.pid} answers again; gateway-a pid ${gatewayA.process.pid}`);

  step('traffic through both gateways again');
  await waitFor(
    'three downloads per protocol through each gateway since the restart, and the new process billed',
    async () => {
      const { complete } = load.tally(B1);
      return (
        load.completedAtLeast(A2, 3) &&
        complete.http >= b1AtRestart.http + 3 &&
        complete.socks5 >= b1AtRestart.socks5 + 3 &&
        (await billed(A2)) > 0n
      );
    },
    TRAFFIC_TIMEOUT_MS,
  );

  step('stop: clients finish their downloads, gateways stop gracefully (usage flushed, leases returned)');
  await load.stop();
  const exitCodes = await Promise.all([gatewayA.process.stop(), gatewayB.process.stop()]);
  check(
    exitCodes.every((code) => code === 0),
    `gateways exited ${exitCodes.join(', ')} on SIGTERM`,
  );
  return { api, customer, load, killed: { instanceId: A1, tunnelsAtKill }, outageCalls };
}
