import type { SubAccount } from '@resiport/contract';
import { WHITELIST_AUTH } from './generator-settings';

/** Which credentials the generated lines use, and what would stop them from working. */

export type AuthChoice = { kind: 'sub'; sub: SubAccount } | { kind: 'whitelist' } | { kind: 'none' };

/** The sub-account chosen by default: the first that can connect now (active, traffic left), else the first. */
export function defaultSubAccount(subs: readonly SubAccount[]): SubAccount | undefined {
  return subs.find((sub) => sub.status === 'active' && sub.traffic_left_bytes > 0) ?? subs[0];
}

/**
 * The `auth` setting made concrete: the whitelist when asked for, the named sub-account when it
 * exists, otherwise the default sub-account, then the whitelist if the account has any IP on it;
 * `none` when the account has neither (the generator then says how to get credentials).
 */
export function chooseAuth(options: {
  auth: string | undefined;
  /** The sub-account named by `auth`, when found. */
  named: SubAccount | undefined;
  subs: readonly SubAccount[];
  whitelistCount: number;
}): AuthChoice {
  const { auth, named, subs, whitelistCount } = options;
  if (auth === WHITELIST_AUTH) return { kind: 'whitelist' };
  if (named !== undefined) return { kind: 'sub', sub: named };
  const fallback = defaultSubAccount(subs);
  if (fallback !== undefined) return { kind: 'sub', sub: fallback };
  return whitelistCount > 0 ? { kind: 'whitelist' } : { kind: 'none' };
}

export type GeneratorNotice = 'buyTraffic' | 'allocate' | 'subDisabled' | 'noWhitelist';

/**
 * What would make the lines fail, so the page can say so before the user finds out in a tool.
 * Whose traffic counts depends on the credentials: a sub-account spends its own allocation, a
 * whitelisted IP the main account's (the header's traffic left).
 */
export function generatorNotices(
  choice: AuthChoice,
  mainLeftBytes: number,
  whitelistCount: number,
): GeneratorNotice[] {
  switch (choice.kind) {
    case 'none':
      return [];
    case 'whitelist':
      return [
        ...(whitelistCount === 0 ? (['noWhitelist'] as const) : []),
        ...(mainLeftBytes <= 0 ? (['buyTraffic'] as const) : []),
      ];
    case 'sub': {
      const { sub } = choice;
      if (sub.status === 'disabled') return ['subDisabled'];
      if (sub.traffic_left_bytes > 0) return [];
      return [mainLeftBytes > 0 ? 'allocate' : 'buyTraffic'];
    }
  }
}
