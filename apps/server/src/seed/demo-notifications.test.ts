import { describe, expect, it } from 'vitest';
import { notificationSubjectOf } from '@portal/shared/notification-subject';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { demoBundles } from './demo-bundles.ts';

/**
 * Decision 079: every demo notification about an invoice, a class, a make-up or a booking names
 * what it is about, so the portal links it there; only news may name nothing. An invoice it names
 * is one of the company's.
 */
describe('the demo companies’ notifications', () => {
  for (const bundle of demoBundles() as CompanyBundleInput[]) {
    it(`${bundle.company.code}: each one that is not news links to what it mentions`, () => {
      const invoices = new Set([
        ...(bundle.customers ?? []).flatMap((c) => c.clients.flatMap((client) => (client.invoices ?? []).map((i) => i.invoice_no))),
        ...(bundle.financials?.invoices ?? []).map((i) => i.invoice_no),
      ]);
      for (const n of bundle.notifications ?? []) {
        const subject = notificationSubjectOf(n.tag_data ?? null);
        if (n.category !== 'news') expect(subject, n.title).not.toBeNull();
        if (subject?.kind === 'invoice') expect(invoices.has(subject.invoice_no), `${n.title}: ${subject.invoice_no}`).toBe(true);
        if (subject?.kind === 'payment') for (const no of subject.invoice_nos) expect(invoices.has(no), `${n.title}: ${no}`).toBe(true);
      }
    });
  }
});

/** A paid invoice of the demo shows who paid it: its receipts pay what it no longer owes, so the invoice and the balance history agree. */
describe('the demo companies’ paid invoices', () => {
  for (const bundle of demoBundles() as CompanyBundleInput[]) {
    it(`${bundle.company.code}: each invoice’s receipts pay its total less what it still owes`, () => {
      const paid = new Map<string, number>();
      for (const r of bundle.financials?.receipts ?? []) for (const a of r.allocations) paid.set(a.invoice_no, (paid.get(a.invoice_no) ?? 0) + a.amount_cents);
      for (const client of (bundle.customers ?? []).flatMap((c) => c.clients)) {
        for (const i of client.invoices ?? []) expect(paid.get(i.invoice_no) ?? 0, i.invoice_no).toBe(i.total_cents - i.balance_due_cents);
      }
    });
  }
});
