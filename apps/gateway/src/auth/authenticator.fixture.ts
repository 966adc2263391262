import type { Credentials } from '@resiport/contract';
import { proxyPasswordVerifier, proxyVerifierKey } from '@resiport/contract/proxy-verifier';
import type { ServerClient } from '../server-client';
import { Authenticator } from './authenticator';
import type { ThrottleLimits } from './throttle';

export const secret = 's'.repeat(40);
export const key = proxyVerifierKey(secret);
export const throttle: ThrottleLimits = {
  pairFailures: 5,
  backoffMs: 1000,
  backoffMaxMs: 60_000,
  pairForgetMs: 900_000,
  addressFailures: 20,
  userFailures: 8,
  userWindowMs: 600_000,
  knownGoodMs: 86_400_000,
  maxTracked: 1000,
};

/** An authenticator over a scripted server client and a movable clock, for the unit tests. */
export function setup() {
  let now = 1_000_000;
  const calls = { credentials: 0, whitelist: 0 };
  const users = new Map<string, Credentials>([
    [
      'aliceproxy01',
      {
        found: true,
        account_id: 7,
        subaccount_id: 70,
        active: true,
        verifier: proxyPasswordVerifier(key, 'pw-alice'),
      },
    ],
    [
      'bobproxy0001',
      {
        found: true,
        account_id: 8,
        subaccount_id: 80,
        active: false,
        verifier: proxyPasswordVerifier(key, 'pw-bob'),
      },
    ],
  ]);
  const whitelist = new Map([['203.0.113.9', 7]]);
  const client = {
    credentials: (username: string) => {
      calls.credentials++;
      return Promise.resolve(
        users.get(username) ?? {
          found: false,
          account_id: null,
          subaccount_id: null,
          active: false,
          verifier: null,
        },
      );
    },
    whitelist: (ip: string) => {
      calls.whitelist++;
      return Promise.resolve(whitelist.get(ip) ?? null);
    },
  } as unknown as ServerClient;
  const auth = new Authenticator({
    client,
    verifierKey: key,
    throttle,
    credentialsTtlMs: 60_000,
    negativeTtlMs: 500,
    now: () => now,
  });
  return { auth, calls, users, advance: (ms: number) => (now += ms) };
}
