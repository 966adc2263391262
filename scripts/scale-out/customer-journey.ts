import { randomBytes } from 'node:crypto';
import {
  accountEndpoints,
  accountLinks,
  orderEndpoints,
  rechargeEndpoints,
  subEndpoints,
  type Order,
  type SubAccount,
} from '@resiport/contract';
import { extractFirstLink, type SmtpCapture } from '@resiport/testkit';
import { waitFor } from './poll';
import type { PortalApi } from './portal-api';
import { detail, mb } from './report';

/** What the customer bought and set up; the run's money and traffic checks start from these. */
export interface Customer {
  accountId: number;
  email: string;
  topUpCents: number;
  order: Order;
  sub: SubAccount;
}

const TOP_UP_USD = 25;
/** The seeded 5 GB package ($22.50): bought from the balance, leaving $2.50. */
const PACKAGE_CODE = 'starter';
/** Given to the sub-account; far more than the run moves, so it never runs dry. */
const SUB_ACCOUNT_GB = '2';

/**
 * The customer's way in, through nginx like a browser: sign up, follow the activation link from the
 * real mail, sign in, top up through the payment sandbox's checkout (its signed webhook comes back
 * through nginx to whichever API process), buy a package from the balance, create a sub-account with
 * traffic. Every call must land, whichever API process nginx picks.
 */
export async function customerJourney(api: PortalApi, mailbox: SmtpCapture): Promise<Customer> {
  const email = `scaleout-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Scale-out-1';
  await api.expect(accountEndpoints.signup, { email, password, confirm: password });
  const link = extractFirstLink(await mailbox.waitForMail({ to: email }), accountLinks.activate.path);
  const activation = await fetch(link, { redirect: 'manual' });
  api.noteUpstream(activation);
  const landing = activation.headers.get('location') ?? '';
  if (!landing.includes('activation=activated')) throw new Error(`activation redirected to "${landing}"`);
  const session = await api.expect(accountEndpoints.login, { email, password });
  api.token = session.jwt_token;
  const { id: accountId } = await api.expect(accountEndpoints.userInfo, {});
  detail(`signed up and activated ${email} (account ${accountId}) through the mailed link`);

  const checkout = await api.expectPassThrough(
    rechargeEndpoints.pay,
    { amount: String(TOP_UP_USD) },
    'GoToPayment',
  );
  const paid = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
  api.noteUpstream(paid);
  if (paid.status !== 303) throw new Error(`the sandbox checkout answered ${paid.status} to "pay"`);
  const balance = await waitFor(
    'the top-up credited by the webhook',
    async () => {
      const info = await api.expect(accountEndpoints.userInfo, {});
      return info.balance_cents === checkout.amount_cents && info.balance_cents;
    },
    15_000,
  );
  detail(`topped up $${TOP_UP_USD} on the sandbox checkout; the webhook credited ${balance} cents`);

  const { list } = await api.expect(orderEndpoints.packages, {});
  const starter = list.find((p) => p.code === PACKAGE_CODE);
  if (!starter) throw new Error(`no "${PACKAGE_CODE}" package in the catalogue`);
  const { order } = await api.expect(orderEndpoints.pay, {
    package_id: String(starter.id),
    way: 'balance',
  });
  detail(
    `bought "${PACKAGE_CODE}" (${mb(order.traffic_bytes)}) for ${order.amount_cents} cents from the balance`,
  );

  const sub = await api.expect(subEndpoints.add, {
    username: `scaleout${randomBytes(4).toString('hex')}`,
    traffic: SUB_ACCOUNT_GB,
  });
  detail(`created sub-account ${sub.username} with ${mb(sub.allocated_bytes)} (generated proxy password)`);
  return { accountId, email, topUpCents: checkout.amount_cents, order, sub };
}
