import { WHITELIST_PROXY_USER, type Credentials, type TrafficOwner } from '@resiport/contract';
import { matchesVerifier } from '@resiport/contract/proxy-verifier';
import type { Refusal } from '../refusals';
import type { ServerClient } from '../server-client';
import { BoundedMap } from './bounded-map';
import { LoginThrottle, type ThrottleLimits } from './throttle';
import { TtlCache } from './ttl-cache';
import {
  MAX_USERNAME_LENGTH,
  parseUsername,
  type ParseResult,
  type Session,
  type Targeting,
} from './username';

/**
 * Who is connecting: a sub-account by username + password, or the main account by whitelisted
 * source IP. The server is asked once per user per minute (cached); the password is never stored,
 * only compared with the server's HMAC verifier. See docs/gateway.md for the whitelist rule.
 */

export interface Identity {
  owner: TrafficOwner;
  /** `account:sub` or `account:main`; keys the meter, leases and sticky sessions. */
  ownerKey: string;
  via: 'password' | 'whitelist';
  /** Canonical source address. */
  sourceIp: string;
  target: Targeting;
  session?: Session;
  /** The sub-account's own limit of open connections in this process (absent: the account's alone). */
  maxConnections?: number;
}

export interface Credential {
  username: string;
  password: string;
}

export type AuthResult = { ok: true; identity: Identity } | { ok: false; reason: Refusal };

export const ownerKeyOf = (owner: TrafficOwner): string =>
  `${owner.account_id}:${owner.subaccount_id ?? 'main'}`;

export interface AuthenticatorOptions {
  client: ServerClient;
  verifierKey: Buffer;
  throttle: ThrottleLimits;
  credentialsTtlMs: number;
  negativeTtlMs: number;
  now?: () => number;
  onFailure?: (reason: Refusal, sourceIp: string) => void;
  /** Why a parsed targeting contradicts the exit pool (`route/targeting.ts`): refused as `bad_username`. */
  targetingProblem?: (target: Targeting) => string | undefined;
}

/** Constant-time string equality (no early exit on the first differing character). */
function sameText(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i % (b.length || 1));
  return difference === 0;
}

/** How many distinct valid usernames stay parsed (a few hundred bytes each). */
const PARSED_NAMES_KEPT = 10_000;

export class Authenticator {
  private readonly credentials: TtlCache<Credentials>;
  private readonly whitelisted: TtlCache<number | null>;
  /**
   * The password last accepted for a cached credentials record: a repeat connection skips the HMAC
   * (a new tunnel per request is the common pattern). Keyed by the record itself, so a refreshed or
   * dropped record (password changed, sub-account deleted) takes its entry with it.
   */
  private readonly acceptedPassword = new WeakMap<Credentials, string>();
  /** Usernames already parsed (the connection set-up's fast path for repeat users); only valid ones. */
  private readonly parsedNames = new BoundedMap<ParseResult>(PARSED_NAMES_KEPT);
  readonly throttle: LoginThrottle;

  constructor(private readonly options: AuthenticatorOptions) {
    const now = options.now ?? Date.now;
    this.credentials = new TtlCache((c) => (c.found ? options.credentialsTtlMs : options.negativeTtlMs), now);
    this.whitelisted = new TtlCache(
      (account) => (account === null ? options.negativeTtlMs : options.credentialsTtlMs),
      now,
    );
    this.throttle = new LoginThrottle(options.throttle, now);
  }

  /** The account that whitelisted this address, or null; throws when the server cannot be asked. */
  whitelistAccount(sourceIp: string): Promise<number | null> {
    return this.whitelisted.get(sourceIp, () => this.options.client.whitelist(sourceIp));
  }

  async authenticate(sourceIp: string, credential: Credential | undefined): Promise<AuthResult> {
    try {
      if (!credential) {
        const account = await this.whitelistAccount(sourceIp);
        // Never throttled: every Basic-auth client first tries without credentials, and the
        // address is the whole claim (there is no secret to guess).
        return account === null
          ? this.refuse('auth_required', sourceIp)
          : this.identity({ account_id: account, subaccount_id: null }, 'whitelist', sourceIp);
      }
      const parsed = this.parse(credential.username);
      const targetingProblem = parsed.ok ? this.options.targetingProblem?.(parsed.value.target) : undefined;
      if (!parsed.ok || targetingProblem !== undefined) {
        // Keyed by what was typed (cut to a valid name's length, bounding memory): a typo in the
        // targeting throttles that typo, nobody else.
        const attempted = credential.username.toLowerCase().slice(0, MAX_USERNAME_LENGTH);
        if (!this.throttle.mayTry(sourceIp, attempted)) return this.refuse('throttled', sourceIp);
        this.throttle.failedName(sourceIp, attempted);
        return this.refuse('bad_username', sourceIp);
      }
      const { subuser, target, session } = parsed.value;
      // The reserved `whitelist-…` user: a whitelisted address that wants targeting (see the contract).
      // Like rule 1 it is decided by the address alone (the password is ignored), so not throttled.
      if (subuser === WHITELIST_PROXY_USER) {
        const account = await this.whitelistAccount(sourceIp);
        if (account === null) return this.refuse('auth_failed', sourceIp);
        const owner = { account_id: account, subaccount_id: null };
        return this.identity(owner, 'whitelist', sourceIp, target, session);
      }
      if (!this.throttle.mayTry(sourceIp, subuser)) return this.refuse('throttled', sourceIp);
      let found = this.credentials.peek(subuser);
      if (found === undefined) {
        found = await this.credentials.get(subuser, () => this.options.client.credentials(subuser));
        // Asked again after the lookup, and from here to the recorded outcome nothing awaits: a burst
        // of concurrent guesses cannot all pass one check made before any of them failed. (Without a
        // lookup nothing awaited since the first check, so it still holds.)
        if (!this.throttle.mayTry(sourceIp, subuser)) return this.refuse('throttled', sourceIp);
      }
      if (
        !found.found ||
        found.verifier === null ||
        found.account_id === null ||
        found.subaccount_id === null
      ) {
        this.throttle.failedName(sourceIp, subuser);
        return this.refuse('auth_failed', sourceIp);
      }
      if (!this.passwordMatches(found, found.verifier, credential.password)) {
        this.throttle.failedPassword(sourceIp, subuser);
        return this.refuse('auth_failed', sourceIp);
      }
      this.throttle.succeeded(sourceIp, subuser);
      if (!found.active) return this.refuse(found.expired ? 'expired' : 'disabled', sourceIp);
      const owner = { account_id: found.account_id, subaccount_id: found.subaccount_id };
      return this.identity(owner, 'password', sourceIp, target, session, found.max_connections ?? undefined);
    } catch {
      return this.refuse('server_unavailable', sourceIp);
    }
  }

  private parse(username: string): ParseResult {
    let parsed = this.parsedNames.get(username);
    if (parsed === undefined) {
      parsed = parseUsername(username);
      if (parsed.ok) {
        // Shared by every later connection with this name: frozen, so none can change another's.
        Object.freeze(parsed.value.target);
        if (parsed.value.session) Object.freeze(parsed.value.session);
        this.parsedNames.set(username, parsed);
      }
    }
    return parsed;
  }

  private passwordMatches(found: Credentials, verifier: string, password: string): boolean {
    const accepted = this.acceptedPassword.get(found);
    if (accepted !== undefined && sameText(accepted, password)) return true;
    if (!matchesVerifier(this.options.verifierKey, password, verifier)) return false;
    this.acceptedPassword.set(found, password);
    return true;
  }

  /** The sub-account's record as the server has it now (cached for the next connections). */
  refreshCredentials(username: string): Promise<Credentials> {
    const key = username.toLowerCase();
    this.credentials.delete(key);
    return this.credentials.get(key, () => this.options.client.credentials(key));
  }

  /** A sub-account changed (password, status, deleted): the next connection asks the server again. */
  forgetUsername(username: string): void {
    this.credentials.delete(username.toLowerCase());
  }

  forgetIp(ip: string): void {
    this.whitelisted.delete(ip);
  }

  /** Drops everything cached about an owner (revoked), or about a whole account (`subaccount` undefined). */
  forgetOwner(accountId: number, subaccountId?: number | null): void {
    this.credentials.deleteWhere(
      (c) => c.account_id === accountId && (subaccountId === undefined || c.subaccount_id === subaccountId),
    );
    if (subaccountId === undefined || subaccountId === null) {
      this.whitelisted.deleteWhere((account) => account === accountId);
    }
  }

  private identity(
    owner: TrafficOwner,
    via: Identity['via'],
    sourceIp: string,
    target: Targeting = {},
    session?: Session,
    maxConnections?: number,
  ): AuthResult {
    const identity: Identity = { owner, ownerKey: ownerKeyOf(owner), via, sourceIp, target };
    if (session) identity.session = session;
    if (maxConnections !== undefined) identity.maxConnections = maxConnections;
    return { ok: true, identity };
  }

  private refuse(reason: Refusal, sourceIp: string): AuthResult {
    this.options.onFailure?.(reason, sourceIp);
    return { ok: false, reason };
  }
}
