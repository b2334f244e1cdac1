import type { Job } from '../../domain/job.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';
import { directDebitProviderOf, directDebitRepo, GOCARDLESS_PROVIDER } from '../../modules/payments/payments.api.ts';
import { collectDueInvoices } from './collection.service.ts';

/**
 * Debit Scheduled invoices due today become payments at GoCardless (decision 104); each company
 * on its own, so one whose account refuses or cannot be reached leaves the others collected.
 */
export const directDebitJobs: Job[] = [
  {
    name: 'direct debits due',
    every: 'hour',
    run: async (ctx, now) => {
      for (const id of await directDebitRepo.findDirectDebitCompanyIds(ctx.db, GOCARDLESS_PROVIDER)) {
        const company = await findCompanyById(ctx, id);
        if (!company || directDebitProviderOf(company) !== GOCARDLESS_PROVIDER) continue;
        try {
          await collectDueInvoices(ctx, company, now);
        } catch (err) {
          ctx.log.error({ err, company: company.code }, 'direct debits of a company were not collected');
        }
      }
    },
  },
];
