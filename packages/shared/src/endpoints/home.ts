import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { HOME_PAGE_SIZE } from '../constants';
import { outstandingInvoicesPageSchema, upcomingClassesPageSchema } from '../home-schemas';

const tags = ['home'];
/** A page of one of the home page's lists. */
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(HOME_PAGE_SIZE),
});

export const homeEndpoints = {
  upcomingClasses: defineEndpoint({ method: 'GET', path: '/api/home/get-upcoming-classes', auth: 'customer', query: pageQuery, response: upcomingClassesPageSchema, tags }),
  outstandingInvoices: defineEndpoint({ method: 'GET', path: '/api/home/get-outstanding-invoices', auth: 'customer', query: pageQuery, response: outstandingInvoicesPageSchema, tags }),
};
