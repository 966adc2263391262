import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Receipt } from '@resiport/contract';
import PDFDocument from 'pdfkit';
import { receiptTexts } from './receipt-texts';

/**
 * The receipt as a PDF (decision 038), drawn with pdfkit. PDF's standard fonts have no Cyrillic, so
 * DejaVu Sans is embedded (subset to the glyphs used), taken from the `dejavu-fonts-ttf` package:
 * it installs with `npm ci` on any machine, unlike a system font. Read once, not per receipt.
 */
const packageFile = createRequire(import.meta.url);
const REGULAR = readFileSync(packageFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const BOLD = readFileSync(packageFile.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

const MARGIN = 56;
const WIDTH = 595.28 - 2 * MARGIN; // A4 in points
const LABEL_WIDTH = 170;
const GREY = '#595959';
const INK = '#1f1f1f';

type Doc = PDFKit.PDFDocument;

/** A label on the left and its value beside it; the next row starts below the taller of the two. */
function pair(doc: Doc, label: string, value: string, options: { right?: boolean; bold?: boolean } = {}) {
  const top = doc.y;
  const valueX = options.right ? MARGIN + WIDTH - 150 : MARGIN + LABEL_WIDTH;
  const labelWidth = options.right ? WIDTH - 160 : LABEL_WIDTH - 10;
  doc.font(options.bold ? 'bold' : 'regular').fillColor(options.bold ? INK : GREY);
  doc.text(label, MARGIN, top, { width: labelWidth, align: options.right ? 'right' : 'left' });
  const labelBottom = doc.y;
  doc.fillColor(INK).text(value, valueX, top, {
    width: options.right ? 150 : WIDTH - LABEL_WIDTH,
    align: options.right ? 'right' : 'left',
  });
  doc.y = Math.max(labelBottom, doc.y) + 4;
}

function rule(doc: Doc, weight: number, color = INK) {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(weight)
    .strokeColor(color)
    .stroke();
  doc.y += 8;
}

function draw(doc: Doc, receipt: Receipt) {
  const texts = receiptTexts(receipt);
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(receipt.issuer, MARGIN, top, { width: WIDTH / 2 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(texts.kind, { width: WIDTH / 2 });
  const leftBottom = doc.y;
  doc.font('bold').fontSize(13).fillColor(INK);
  doc.text(texts.title, MARGIN + WIDTH / 2, top + 4, { width: WIDTH / 2, align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(texts.paidOn, { width: WIDTH / 2, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 8;
  rule(doc, 1.5);

  doc.fontSize(10);
  for (const [label, value] of texts.facts) pair(doc, label, value);
  doc.y += 12;

  const head = doc.y;
  doc.font('regular').fontSize(9).fillColor(GREY).text(texts.columns.item, MARGIN, head);
  doc.text(texts.columns.amount, MARGIN, head, { width: WIDTH, align: 'right' });
  doc.y += 2;
  rule(doc, 0.5, '#d9d9d9');
  doc.fontSize(10);
  for (const line of texts.lines) {
    const y = doc.y;
    doc
      .font('regular')
      .fillColor(INK)
      .text(line.description, MARGIN, y, { width: WIDTH - 120 });
    const bottom = doc.y;
    doc.text(line.amount, MARGIN + WIDTH - 110, y, { width: 110, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 6;
  }
  rule(doc, 0.5, '#d9d9d9');

  for (const [label, value] of texts.sums) pair(doc, label, value, { right: true });
  doc.y += 4;
  doc
    .moveTo(MARGIN + WIDTH / 2, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  doc.y += 8;
  doc.fontSize(12);
  pair(doc, texts.total[0], texts.total[1], { right: true, bold: true });

  doc.y += 24;
  doc.font('regular').fontSize(9).fillColor(GREY).text(texts.currency, MARGIN, doc.y, { width: WIDTH });
}

/** The receipt's PDF bytes. */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const texts = receiptTexts(receipt);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Our font from the start: pdfkit would otherwise load its Helvetica metrics from its own files.
    // It passes this to font(src), which takes bytes; its type declarations only say a path.
    font: REGULAR as unknown as string,
    info: { Title: texts.title, Author: receipt.issuer, Subject: receipt.number },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, receipt);
  doc.end();
  return done;
}
