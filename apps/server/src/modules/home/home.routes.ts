import type { FastifyInstance } from 'fastify';
import type { InvoiceStatus } from '@portal/shared/constants';
import { homeEndpoints as endpoints } from '@portal/shared/endpoints/home';
import type { Ctx } from '../../context.ts';
import { route } from '../../lib/endpoint-route.ts';
import { amountOwed, listOutstandingInvoices, listUpcomingClasses } from './home.service.ts';

type InvoiceRow = { invoice_no: string; invoice_date: string; payment_date: string; total_cents: number; balance_due_cents: number; status: string; debit_date: string | null };
const homeInvoice = (row: InvoiceRow) => ({
  InvoiceNo: row.invoice_no,
  InvoiceDate: row.invoice_date,
  PaymentDate: row.payment_date,
  Total: row.total_cents,
  balance_due: row.balance_due_cents,
  status: row.status as InvoiceStatus,
  DebitDate: row.debit_date,
});

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export async function homeRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  route(app, base, endpoints.upcomingClasses, async ({ ctx, query: { page, limit } }) => {
    const { rows, total } = await listUpcomingClasses(ctx, ctx.company, ctx.clientId, { limit, offset: (page - 1) * limit });
    return {
      current_page: page,
      total_pages: totalPages(total, limit),
      upcoming_classes: rows.map((row) => ({
        date: `${row.date}T${row.start_time}`,
        student_name: `${row.first_name} ${row.last_name}`,
        lesson_format_id: row.lesson_format_id,
        lesson_format: row.lesson_format ?? '',
        venue_id: row.venue_id,
        venue: row.venue ?? '',
        court: row.court,
        profile_picture: row.profile_picture,
        student_id: row.student_id,
        class_id: row.class_id,
        session_id: row.session_id,
        standard: row.standard,
        kind: row.kind === 'temporary' ? ('makeup' as const) : row.kind === 'casual' ? ('casual' as const) : ('term' as const),
        // SQLite answers 0 or 1, PostgreSQL a boolean.
        absent: Boolean(row.absent),
      })),
    };
  });

  route(app, base, endpoints.outstandingInvoices, async ({ ctx, query: { page, limit } }) => {
    const { rows, total } = await listOutstandingInvoices(ctx, ctx.company.id, ctx.clientId, { limit, offset: (page - 1) * limit });
    return {
      current_page: page,
      total_pages: totalPages(total, limit),
      invoices: rows.map(homeInvoice),
    };
  });

  route(app, base, endpoints.amountOwed, async ({ ctx }) => {
    const { rows, totalCents, overdueCents } = await amountOwed(ctx, ctx.company.id, ctx.clientId);
    return { totalCents, overdueCents, invoices: rows.map(homeInvoice) };
  });
}
