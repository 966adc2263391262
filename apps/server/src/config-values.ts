import type { Config, OAuthProviderConfig } from './config';

/** How single settings are read from their variables (config.ts builds the whole configuration). */

/** A provider is configured only when both its id and secret are set; otherwise its button is hidden. */
export function providerConfig(
  clientId: string | undefined,
  clientSecret: string | undefined,
  urls: Pick<OAuthProviderConfig, 'authUrl' | 'tokenUrl' | 'userInfoUrl'>,
): OAuthProviderConfig | undefined {
  return clientId && clientSecret ? { clientId, clientSecret, ...urls } : undefined;
}

export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * `"<name>" <no-reply@localhost>`: the brand as the sender's display name, quoted (RFC 5322), so a
 * name with `<`, `>`, `,` or quotes stays a name and the address stays the address.
 */
export function senderNamed(name: string): string {
  const quoted = name.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, (c) => `\\${c}`);
  return `"${quoted}" <no-reply@localhost>`;
}
