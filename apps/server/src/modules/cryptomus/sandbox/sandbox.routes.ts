import { langFromAcceptLanguage } from '@resiport/contract';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { md5Sign, signaturesMatch } from '../signature';
import { acceptRawJson } from '../webhook';
import { renderCheckoutPage, renderNotFoundPage } from './checkout-page';
import { checkoutTexts } from './checkout-texts';
import { paymentObject } from './sandbox-payloads';
import { checkoutActions, type CheckoutAction, type SandboxService } from './sandbox.service';
import { validateInvoiceRequest } from './sandbox-validation';

export interface SandboxRoutesOptions {
  merchantId: string;
  paymentKey: string;
  /** Where browsers reach this server; checkout URLs are `${publicUrl}${prefix}/pay/<uuid>`. */
  publicUrl: string;
}

interface Params {
  uuid: string;
  action?: string;
}

// Inline styles only; no form-action limit, because a button's answer redirects to the merchant's site.
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/** The sandbox's HTTP face: Cryptomus' merchant API (JSON, signed) and the checkout page (HTML). */
export function sandboxRoutes(service: SandboxService, options: SandboxRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    acceptRawJson(app); // the sign covers the exact bytes received
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      // The checkout buttons post empty forms; nothing in them is read.
      app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => {
        done(null, {});
      });
    }
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status < 500) return reply.code(status).send({ state: 1, message: error.message });
      request.log.error({ err: error }, 'cryptomus sandbox failed');
      return reply.code(500).send({ state: 1, message: 'Server error' });
    });

    const checkoutPath = (uuid: string) => `${app.prefix}/pay/${uuid}`;
    const toObject = (invoice: Parameters<typeof paymentObject>[0]) =>
      paymentObject(invoice, `${options.publicUrl}${checkoutPath(invoice.uuid)}`);

    app.post('/v1/payment', async (request, reply) => {
      const body = signedBody(request, options);
      if (!body) return reply.code(401).send({ message: 'Invalid Sign.' });
      const checked = validateInvoiceRequest(body);
      if (!checked.ok) return reply.code(422).send({ state: 1, errors: checked.errors });
      return { state: 0, result: toObject(await service.createInvoice(checked.value)) };
    });

    app.post('/v1/payment/info', async (request, reply) => {
      const body = signedBody(request, options);
      if (!body) return reply.code(401).send({ message: 'Invalid Sign.' });
      // As documented: either identifies the invoice, and order_id wins when both are sent.
      const { uuid, order_id: orderId } = body;
      if (typeof orderId !== 'string' && typeof uuid !== 'string') {
        const required = ['validation.required_without'];
        return reply.code(422).send({ state: 1, errors: { uuid: required, order_id: required } });
      }
      const invoice = await service.findInvoice(
        typeof orderId === 'string' ? { orderId } : { uuid: String(uuid) },
      );
      if (!invoice) return reply.code(404).send({ state: 1, message: 'Payment not found' });
      return { state: 0, result: toObject(invoice) };
    });

    app.get<{ Params: Params }>('/pay/:uuid', async (request, reply) => {
      const lang = langFromAcceptLanguage(request.headers['accept-language']);
      const invoice = await service.findInvoice({ uuid: request.params.uuid });
      if (!invoice) return sendHtml(reply, 404, renderNotFoundPage(checkoutTexts[lang], lang));
      const actionBase = checkoutPath(invoice.uuid);
      return sendHtml(reply, 200, renderCheckoutPage(invoice, checkoutTexts[lang], { lang, actionBase }));
    });

    app.post<{ Params: Params }>('/pay/:uuid/:action', async (request, reply) => {
      const { uuid, action } = request.params;
      const result = isCheckoutAction(action) ? await service.act(uuid, action) : undefined;
      if (!result) {
        const lang = langFromAcceptLanguage(request.headers['accept-language']);
        return sendHtml(reply, 404, renderNotFoundPage(checkoutTexts[lang], lang));
      }
      const { invoice, changed } = result;
      // Like Cryptomus: paid → the store's success page, closed unpaid → its return page; otherwise
      // (nothing changed, or an underpayment that may still be topped up) back to the checkout page.
      const paid = invoice.status === 'paid' || invoice.status === 'paid_over';
      const storeUrl = paid ? invoice.url_success : invoice.url_return;
      const target = changed && invoice.is_final && storeUrl ? storeUrl : checkoutPath(invoice.uuid);
      return reply.redirect(target, 303);
    });
  };
}

/** The JSON body, if the `merchant` header names us and `sign` matches the raw bytes; else undefined. */
function signedBody(
  request: FastifyRequest,
  options: SandboxRoutesOptions,
): Record<string, unknown> | undefined {
  const raw = typeof request.body === 'string' ? request.body : '';
  const { merchant, sign } = request.headers;
  if (merchant !== options.merchantId || typeof sign !== 'string') return undefined;
  if (!signaturesMatch(md5Sign(raw, options.paymentKey), sign)) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {}; // validation then reports the required fields, as Cryptomus does for an empty body
  }
}

function isCheckoutAction(action: string | undefined): action is CheckoutAction {
  return (checkoutActions as readonly (string | undefined)[]).includes(action);
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .send(html);
}
