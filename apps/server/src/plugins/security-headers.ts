import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The policy of the web app, the API and the API docs (decision 020). No inline script anywhere: the
 * built index.html loads one module script from /client/assets, and Swagger UI's page loads its scripts
 * as files too. `style-src` allows 'unsafe-inline' because antd (and ProLayout) style components with
 * CSS-in-JS, inserting <style> elements at run time; a nonce would need index.html rendered per request
 * and passed into antd's ConfigProvider. Injected styles cannot run code, so script-src stays strict.
 * img-src allows data: for QR codes and antd's inline SVG images. form-action 'self': the app has no form
 * posting elsewhere (OAuth and the crypto checkout are navigations, not form posts).
 */
export function contentSecurityPolicy(logoUrl: string | null = null): string {
  // A logo elsewhere (APP_LOGO_URL on a CDN): its origin alone may serve images too.
  const logoOrigin = logoUrl?.startsWith('https://') ? ` ${new URL(logoUrl).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${logoOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Browser features the portal never uses; a script that got in could not turn them on. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Baseline headers (ASVS 3.4, 14.4): no sniffing, no framing, no referrer leaks, no caching of API
 * answers, the CSP above unless a route set its own (the Cryptomus sandbox checkout page does), and
 * HSTS only when the public URL is https (over plain http a browser ignores it, and localhost set-ups
 * must not be pinned to https).
 */
export function securityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'logoUrl'>): void {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const policy = contentSecurityPolicy(config.logoUrl);
  // A callback hook, not an async one: it runs on every answer and never waits for anything.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', policy);
    }
    if (https) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
