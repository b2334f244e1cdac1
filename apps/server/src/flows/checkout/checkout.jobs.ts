import type { Job } from '../../domain/job.ts';
import { findCompanyById } from '../../modules/company/company.api.ts';
import { reconcilePayments } from './reconcile.service.ts';

/**
 * Payments whose process died between charge and order are completed from the gateway's record,
 * abandoned ones release their holds, charges with no order are refunded (decision 024).
 */
export const checkoutJobs: Job[] = [{ name: 'payments left unsettled', every: 'minute', run: (ctx, now) => reconcilePayments(ctx, (id) => findCompanyById(ctx, id), now) }];
