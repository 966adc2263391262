import type { Receipt } from '@resiport/contract';
import { escapeHtml } from '../../lib/html';
import { receiptTexts } from './receipt-texts';

const row = (label: string, value: string, className = '') =>
  `<tr${className ? ` class="${className}"` : ''}><th scope="row">${escapeHtml(label)}</th>` +
  `<td>${escapeHtml(value)}</td></tr>`;

/**
 * The printable receipt: one standalone page (its own styles, no script, no outside resource, so it
 * prints the same from a saved file), in the receipt's language (decision 038).
 */
export function renderReceiptHtml(receipt: Receipt): string {
  const texts = receiptTexts(receipt);
  const facts = texts.facts.map(([label, value]) => row(label, value)).join('');
  const lines = texts.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="num">${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('');
  const sums = texts.sums.map(([label, value]) => row(label, value)).join('');
  return (
    `<!doctype html>
<html lang="${receipt.lang === 'ru' ? 'ru' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)} — ${escapeHtml(receipt.issuer)}</title><style>${STYLE}</style></head>
<body><main data-receipt="${escapeHtml(receipt.number)}">
<header><div><p class="issuer">${escapeHtml(receipt.issuer)}</p><p class="muted">${escapeHtml(texts.kind)}</p></div>
<div class="head-right"><h1>${escapeHtml(texts.title)}</h1><p class="muted">${escapeHtml(texts.paidOn)}</p></div></header>
<table class="facts">${facts}</table>
<table class="lines"><thead><tr><th scope="col">${escapeHtml(texts.columns.item)}</th>` +
    `<th scope="col" class="num">${escapeHtml(texts.columns.amount)}</th></tr></thead><tbody>${lines}</tbody></table>
<table class="sums">${sums}${row(texts.total[0], texts.total[1], 'total')}</table>
<footer><p class="muted">${escapeHtml(texts.currency)}</p><p class="hint">${escapeHtml(texts.printHint)}</p></footer>
</main></body></html>`
  );
}

const STYLE = `*{box-sizing:border-box}
body{margin:0;padding:2rem 1rem;background:#f0f2f5;color:#1f1f1f;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
main{max-width:46rem;margin:auto;background:#fff;padding:2.5rem;border-radius:8px;box-shadow:0 1px 6px #0002}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem;border-bottom:2px solid #1f1f1f;padding-bottom:1rem;margin-bottom:1.5rem}
header p{margin:0}.issuer{font-size:1.4rem;font-weight:700;overflow-wrap:anywhere}
.head-right{text-align:right}h1{margin:0;font-size:1.25rem;font-weight:600}
.muted{color:#595959;font-size:.9rem}
table{width:100%;border-collapse:collapse}
th,td{padding:.35rem 0;vertical-align:top;text-align:left}
.facts{margin-bottom:1.5rem}.facts th{width:40%;color:#595959;font-weight:400;padding-right:1rem}
.facts td{overflow-wrap:anywhere}
.lines thead th{border-bottom:1px solid #d9d9d9;color:#595959;font-weight:400;font-size:.9rem}
.lines td{padding:.6rem 0;border-bottom:1px solid #f0f0f0}.lines .num{padding-left:1rem}
.num{text-align:right;white-space:nowrap;padding-left:1rem}
.sums{width:auto;min-width:60%;margin:1rem 0 0 auto}
.sums th{font-weight:400;color:#595959;padding-right:2rem}.sums td{text-align:right;white-space:nowrap}
.sums .total th,.sums .total td{border-top:2px solid #1f1f1f;padding-top:.6rem;font-weight:700;color:#1f1f1f;font-size:1.15rem}
footer{margin-top:2rem;border-top:1px solid #f0f0f0;padding-top:1rem}footer p{margin:.25rem 0}
.hint{color:#0958d9;font-size:.9rem}
@media (max-width:600px){body{padding:0}main{padding:1.25rem;border-radius:0;box-shadow:none}
.head-right{text-align:left}
.facts th,.facts td{display:block;width:auto;padding:0}.facts td{margin-bottom:.5rem}.sums{width:100%}.sums th{padding-right:1rem}}
@media print{@page{size:A4;margin:16mm}body{background:#fff;padding:0;font-size:11pt}
main{max-width:none;padding:0;box-shadow:none;border-radius:0}.hint{display:none}}`;
