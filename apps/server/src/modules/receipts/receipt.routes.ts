import { receiptEndpoints } from '@resiport/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/reply';
import { currentAccount } from '../../plugins/auth';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { enforceAccountRateLimit } from '../rate-limit/rate-limiter';
import { renderReceiptHtml } from './receipt-html';
import { renderReceiptPdf } from './receipt-pdf';
import { receiptOf } from './receipt.service';

/**
 * Receipts (decision 038): one route, like the traffic exports — the data as the envelope,
 * or with `format=html|pdf` the printable document (receiptLinks.document). Refusals are envelopes
 * whatever the format, so the portal reads them as it reads any call's.
 */
export function receiptRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['receipts']);

    route(receiptEndpoints.get, async (request, { kind, id, format }, reply) => {
      const account = currentAccount(request);
      if (format === 'pdf') await enforceAccountRateLimit(ctx, 'receiptPdf', account.id);
      const receipt = await receiptOf(ctx, account, kind, id);
      if (format === 'json') return ok(request, receipt);
      // A string or a buffer with a non-JSON content type is sent as it is, not checked against the envelope.
      if (format === 'html') {
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-disposition', `inline; filename="receipt-${receipt.number}.html"`)
          .send(renderReceiptHtml(receipt));
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${receipt.number}.pdf"`)
        .send(await renderReceiptPdf(receipt));
    });
  };
}
