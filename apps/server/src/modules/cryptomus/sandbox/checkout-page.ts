import { centsToDecimal } from '../money';
import { isPhraseKey } from '../../../i18n/phrase';
import type { CheckoutTexts } from './checkout-texts';
import type { SandboxInvoice } from './sandbox.repository';
import { checkoutActions } from './sandbox.service';
import { escapeHtml } from '../../../lib/html';

/**
 * The sandbox checkout page: plain server-rendered HTML, one form per button, no script. Every value
 * from the invoice is escaped; links are only ever the invoice's own http(s) URLs (validated on create).
 */
export function renderCheckoutPage(
  invoice: SandboxInvoice,
  texts: CheckoutTexts,
  options: { lang: string; actionBase: string },
): string {
  const amount = `${centsToDecimal(invoice.amount_cents)} ${invoice.currency}`;
  const rows: [string, string][] = [
    [texts('label.invoice'), invoice.uuid],
    [texts('label.order'), invoice.order_id],
    [texts('label.amount'), amount],
    [texts('label.status'), statusText(invoice.status, texts)],
    [texts('label.expires'), `${invoice.expires_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
  ];
  if (invoice.payer_amount_cents !== null) {
    rows.push([
      texts('label.payerPaid'),
      `${centsToDecimal(invoice.payer_amount_cents)} ${invoice.currency}`,
    ]);
  }
  const details = rows
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const next = invoice.is_final ? closed(invoice, texts) : buttons(texts, options.actionBase);
  return page(texts, options.lang, `<dl>${details}</dl>${next}`);
}

export function renderNotFoundPage(texts: CheckoutTexts, lang: string): string {
  return page(texts, lang, `<h1>${escapeHtml(texts('notFound'))}</h1>`);
}

/** A status we have words for, else the status itself (Cryptomus may add statuses). */
function statusText(status: string, texts: CheckoutTexts): string {
  const key = `status.${status}`;
  return isPhraseKey('sandbox', key) ? texts(key) : status;
}

function buttons(texts: CheckoutTexts, actionBase: string): string {
  const forms = checkoutActions.map(
    (action) =>
      `<form method="post" action="${escapeHtml(`${actionBase}/${action}`)}">` +
      `<button type="submit">${escapeHtml(texts(`action.${action}`))}</button>` +
      `<small>${escapeHtml(texts(`hint.${action}`))}</small></form>`,
  );
  return `<p>${escapeHtml(texts('chooseOutcome'))}</p>${forms.join('')}`;
}

function closed(invoice: SandboxInvoice, texts: CheckoutTexts): string {
  const paid = invoice.status === 'paid' || invoice.status === 'paid_over';
  const back = paid ? invoice.url_success : invoice.url_return;
  const link = back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(texts('backToStore'))}</a></p>` : '';
  return `<p>${escapeHtml(texts('closed'))}</p>${link}`;
}

function page(texts: CheckoutTexts, lang: string, body: string): string {
  return `<!doctype html>
<html lang="${lang === 'ru' ? 'ru' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(texts('title'))}</title><style>${STYLE}</style></head>
<body><main><p class="banner">${escapeHtml(texts('title'))}</p><p>${escapeHtml(texts('notice'))}</p>${body}</main></body></html>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f5f5f5;margin:0;padding:2rem}
main{max-width:32rem;margin:auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
.banner{background:#fff3cd;border:1px solid #e0c36c;padding:.5rem 1rem;border-radius:4px;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#666}dd{margin:0;word-break:break-all}
form{display:flex;align-items:center;gap:1rem;margin:.5rem 0}button{min-width:8rem;padding:.4rem 1rem;cursor:pointer}
small{color:#666}`;
