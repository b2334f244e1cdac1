import PDFDocument from 'pdfkit';
import { lineTypeLabel } from '@portal/shared/pricing/line-type-label';
import type { InvoiceDetail } from '@portal/shared/financials-schemas';
import { formatDate } from '@portal/shared/date-time-text';
import type { Company } from '../../domain/company.ts';
import { heightOf, registerFonts, write } from './pdf-fonts.ts';

/**
 * Invoice and receipt PDFs (I15, U3): the company's paper size, name, colour and currency, its
 * date format. Text is written in Noto fonts that cover the scripts of families' names (pdf-fonts.ts).
 */

export function formatMoney(cents: number, symbol: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${symbol}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

function render(company: Company, draw: (doc: PDFKit.PDFDocument, helpers: Helpers) => void): Promise<Buffer> {
  const s = company.settings;
  const doc = new PDFDocument({
    size: s.localization.PaperSize === 'Letter' ? 'LETTER' : 'A4',
    margin: 50,
    info: { Title: s.CompanyDisplayName, Author: s.CompanyDisplayName, Creator: s.CompanyDisplayName },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const brand = s.colors['700'];
  const width = doc.page.width - 100;
  doc.rect(0, 0, doc.page.width, 90).fill(brand);
  write(doc.fillColor('#ffffff').fontSize(20), s.CompanyDisplayName, 'bold', 50, 32, { width: width * 0.6 });
  if (s.fin_setup.CompanyABN) write(doc.fontSize(9), `ABN ${s.fin_setup.CompanyABN}`, 'regular', 50, 58, { width: width * 0.6 });
  doc.fillColor('#111111');
  draw(doc, {
    money: (c) => formatMoney(c, s.localization.CurrencySymbol),
    date: (d) => formatDate(d, s.localization.DateFormat),
    brand,
    width,
  });
  doc.end();
  return done;
}

interface Helpers {
  money: (cents: number) => string;
  date: (isoDate: string) => string;
  brand: string;
  width: number;
}

function header(doc: PDFKit.PDFDocument, title: string, fields: [string, string][], billTo: { name: string; address: string[] }) {
  const top = 110;
  write(doc.fontSize(18), title, 'bold', 50, top);
  doc.fontSize(10);
  let y = top + 30;
  for (const [label, value] of fields) {
    write(doc, label, 'bold', 50, y, { continued: true });
    write(doc, `  ${value}`, 'regular');
    y += 15;
  }
  write(doc, 'Bill to', 'bold', 340, top + 30);
  write(doc, [billTo.name, ...billTo.address].join('\n'), 'regular', 340, top + 45, { width: 200 });
  doc.y = Math.max(y, top + 45 + 15 * (billTo.address.length + 1)) + 20;
}

/** A table with a shaded header; columns after the first are right-aligned. */
function table(doc: PDFKit.PDFDocument, h: Helpers, columns: { label: string; width: number }[], rows: string[][]) {
  const x0 = 50;
  const drawRow = (cells: string[], bold: boolean, shade?: string) => {
    const weight = bold ? 'bold' : 'regular';
    doc.fontSize(9);
    const height = Math.max(...cells.map((c, i) => heightOf(doc, c, weight, (columns[i]?.width ?? 60) - 8))) + 8;
    if (doc.y + height > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    if (shade)
      doc
        .rect(x0, y, h.width, height)
        .fill(shade)
        .fillColor(bold && shade === h.brand ? '#ffffff' : '#111111');
    let x = x0;
    cells.forEach((cell, i) => {
      const w = columns[i]?.width ?? 60;
      write(doc, cell, weight, x + 4, y + 4, { width: w - 8, align: i === 0 ? 'left' : 'right' });
      x += w;
    });
    doc.fillColor('#111111');
    doc.y = y + height;
    doc
      .moveTo(x0, doc.y)
      .lineTo(x0 + h.width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#dddddd')
      .stroke();
  };
  drawRow(
    columns.map((c) => c.label),
    true,
    h.brand,
  );
  for (const r of rows) drawRow(r, false);
  doc.moveDown();
}

function totals(doc: PDFKit.PDFDocument, rows: [string, string, boolean?][]) {
  for (const [label, value, bold] of rows) {
    const y = doc.y;
    const weight = bold ? 'bold' : 'regular';
    write(doc.fontSize(10), label, weight, 300, y, { width: 140, align: 'right' });
    write(doc, value, weight, 445, y, { width: 100, align: 'right' });
    doc.y = y + 16;
  }
  doc.moveDown();
}

export function renderInvoicePdf(company: Company, inv: InvoiceDetail): Promise<Buffer> {
  return render(company, (doc, h) => {
    header(
      doc,
      `${inv.title} ${inv.invoiceNumber}`,
      [
        ['Invoice date', h.date(inv.date)],
        ['Due date', h.date(inv.dueDate)],
        ['Status', inv.status],
      ],
      inv.billTo,
    );
    const w = h.width;
    table(
      doc,
      h,
      [
        { label: 'Description', width: w * 0.38 },
        { label: 'Type', width: w * 0.16 },
        { label: 'Qty', width: w * 0.07 },
        { label: 'Unit price', width: w * 0.13 },
        { label: inv.taxName, width: w * 0.11 },
        { label: 'Total', width: w * 0.15 },
      ],
      inv.lines.map((l) => [l.description, lineTypeLabel(l.type, l.description) ?? '', String(l.quantity), h.money(l.unitPrice), h.money(l.tax), h.money(l.total)]),
    );
    totals(doc, [
      ['Subtotal', h.money(inv.subtotal)],
      [`${inv.taxName}${inv.taxInclusive ? ' (included)' : ''}`, h.money(inv.tax)],
      ['Total', h.money(inv.total), true],
      ['Paid', h.money(inv.amountPaid)],
      ['Balance due', h.money(inv.balanceDue), true],
    ]);
    if (inv.payments.length > 0) {
      write(doc.fontSize(12), 'Payments', 'bold', 50);
      doc.moveDown(0.5);
      table(
        doc,
        h,
        [
          { label: 'Receipt', width: w * 0.3 },
          { label: 'Date', width: w * 0.25 },
          { label: 'Method', width: w * 0.25 },
          { label: 'Amount', width: w * 0.2 },
        ],
        inv.payments.map((p) => [p.receiptNumber, h.date(p.date), p.method, h.money(p.amount)]),
      );
    }
    if (inv.bankDetails) {
      write(doc.fontSize(10), 'Bank details', 'bold', 50);
      write(doc, inv.bankDetails, 'regular', 50, undefined, { width: w });
      doc.moveDown();
    }
    if (inv.notes) write(doc.fontSize(9), inv.notes, 'regular', 50, undefined, { width: w });
  });
}

export interface ReceiptDocument {
  receiptNumber: string;
  date: string;
  amount: number;
  method: string;
  reference: string;
  billTo: { name: string; address: string[] };
  allocations: { invoiceNumber: string; invoiceDate: string; invoiceTotal: number; amount: number; balanceDue: number }[];
}

export function renderReceiptPdf(company: Company, r: ReceiptDocument): Promise<Buffer> {
  return render(company, (doc, h) => {
    const fields: [string, string][] = [
      ['Date', h.date(r.date)],
      ['Method', r.method],
    ];
    if (r.reference) fields.push(['Reference', r.reference]);
    header(doc, `${company.settings.fin_setup.ReceiptTitle} ${r.receiptNumber}`, fields, r.billTo);
    const w = h.width;
    // What other receipts (a credit used in the same checkout, an earlier payment) paid of each
    // invoice, so each row adds up: total = other payments + paid now + balance due.
    const others = r.allocations.map((a) => a.invoiceTotal - a.amount - a.balanceDue);
    const withOthers = others.some((o) => o !== 0);
    // Widths in parts of the page: the column of other payments takes its share from the others.
    const columns: [string, number][] = [
      ['Invoice', 5],
      ['Invoice date', 4],
      ['Invoice total', 4],
      ...(withOthers ? ([['Other payments', 4]] as [string, number][]) : []),
      ['Paid now', 3.5],
      ['Balance due', 3.5],
    ];
    const parts = columns.reduce((sum, [, p]) => sum + p, 0);
    table(
      doc,
      h,
      columns.map(([label, p]) => ({ label, width: (w * p) / parts })),
      r.allocations.map((a, i) => [a.invoiceNumber, h.date(a.invoiceDate), h.money(a.invoiceTotal), ...(withOthers ? [h.money(others[i]!)] : []), h.money(a.amount), h.money(a.balanceDue)]),
    );
    totals(doc, [['Amount received', h.money(r.amount), true]]);
  });
}
