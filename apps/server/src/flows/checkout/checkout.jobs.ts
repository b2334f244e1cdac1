import type { Job } from '../../domain/job.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';
import { reconcilePayments } from './reconcile.service.ts';
import { collectInstalments } from './instalment-collection.service.ts';
import { instalmentRepo } from '../../modules/payments/payments.api.ts';

/**
 * Payments whose process died between charge and order are completed from the gateway's record,
 * abandoned ones release their holds, charges with no order are refunded (decision 024).
 */
export const checkoutJobs: Job[] = [
  { name: 'payments left unsettled', every: 'minute', run: (ctx, now) => reconcilePayments(ctx, (id) => findCompanyById(ctx, id), now) },
  {
    // Later instalments charged on their dates, declined ones retried, plans read again (decision 105); each company on its own.
    name: 'instalments due',
    every: 'hour',
    run: async (ctx, now) => {
      for (const id of await instalmentRepo.findCompaniesWithActivePlans(ctx.db)) {
        const company = await findCompanyById(ctx, id);
        if (!company) continue;
        try {
          await collectInstalments(ctx, company, now);
        } catch (err) {
          ctx.log.error({ err, company: company.code }, 'instalments of a company were not collected');
        }
      }
    },
  },
];
