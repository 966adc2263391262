import type { Config } from './config';

/**
 * Start-up guard rails (decision 022). A server that people reach from elsewhere — NODE_ENV=production
 * or a PUBLIC_URL that is not loopback — must not quietly run with what only suits a laptop: the
 * payment sandbox (where a customer can mark their own invoice paid), secrets generated per process
 * (two API processes would not accept each other's sessions), or mail written to an outbox whose log
 * lines carry live activation and reset links. Each needs an explicit choice there.
 */
export function isPubliclyReachable(config: Pick<Config, 'nodeEnv' | 'publicUrl'>): boolean {
  return config.nodeEnv === 'production' || !isLoopbackHost(new URL(config.publicUrl).hostname);
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** What stops a publicly reachable server from starting; empty when it may start. */
export function productionProblems(config: Config): string[] {
  if (!isPubliclyReachable(config)) return [];
  const problems: string[] = [];
  if (config.cryptomus.sandbox && !config.paymentsSandboxAllowed) {
    problems.push(
      'CRYPTOMUS_BASE_URL: unset, so payments would go to the bundled sandbox, where anyone can mark their own ' +
        'invoice paid. Set CRYPTOMUS_BASE_URL, CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_PAYMENT_KEY, or PAYMENTS_SANDBOX=true for a demo.',
    );
  }
  const secrets: [string, string | undefined][] = [
    ['JWT_SECRET', config.jwtSecret],
    ['PROXY_PASSWORD_KEY', config.proxyPasswordKey],
    ['INTERNAL_SECRET', config.internalSecret],
  ];
  for (const [name, value] of secrets) {
    if (!value) {
      problems.push(
        `${name}: must be set (≥ 32 characters, e.g. \`openssl rand -base64 48\`); it is not generated here.`,
      );
    }
  }
  if (!config.supportEmail) {
    problems.push(
      'SUPPORT_EMAIL: must be set: the portal and the payment notices send customers there (no placeholder is shipped).',
    );
  }
  if (!config.mail.smtpUrl && !config.mailOutboxAllowed) {
    problems.push(
      'SMTP_URL: unset, so mail would only be written to an outbox and activation and reset links logged. ' +
        'Set SMTP_URL, or MAIL_OUTBOX=true to run that way knowingly.',
    );
  }
  return problems;
}
