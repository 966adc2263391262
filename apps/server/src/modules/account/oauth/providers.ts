import type { SignInMethod } from '@resiport/contract';
import type { Config, OAuthProviderConfig } from '../../../config';

/** The sign-in methods that are OAuth providers. */
export type ProviderName = Exclude<SignInMethod, 'password'>;

export interface OAuthProfile {
  subject: string;
  email: string | undefined;
  /** Only a provider-verified email may link to or create an account. */
  emailVerified: boolean;
}

interface ProviderShape {
  scope: string;
  /** Google takes `Bearer`; Yandex's login.yandex.ru/info wants `OAuth <token>`. */
  authScheme: 'Bearer' | 'OAuth';
  extraAuthParams: Record<string, string>;
  parseProfile(body: Record<string, unknown>): OAuthProfile | undefined;
}

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

export const providerShapes: Record<ProviderName, ProviderShape> = {
  google: {
    scope: 'openid email profile',
    authScheme: 'Bearer',
    extraAuthParams: { prompt: 'select_account' },
    parseProfile: (body) => {
      const subject = text(body.sub);
      if (!subject) return undefined;
      return { subject, email: text(body.email)?.toLowerCase(), emailVerified: body.email_verified === true };
    },
  },
  yandex: {
    scope: 'login:email login:info',
    authScheme: 'OAuth',
    extraAuthParams: {},
    parseProfile: (body) => {
      const subject = text(body.id);
      if (!subject) return undefined;
      // Yandex has no email_verified flag: default_email is an address Yandex itself confirmed.
      const email = text(body.default_email)?.toLowerCase();
      return { subject, email, emailVerified: email !== undefined };
    },
  },
};

export function providerConfig(config: Config, provider: ProviderName): OAuthProviderConfig | undefined {
  return config.oauth[provider];
}

export function callbackUrl(config: Config, provider: ProviderName): string {
  return `${config.publicUrl}/api/account/${provider === 'google' ? 'ggoauth' : 'yandexoauth'}/callback`;
}
