import { defineEndpoint } from '../endpoint';
import { pageQuery } from '../endpoint-params';
import { HOME_PAGE_SIZE } from '../constants';
import { amountOwedSchema, outstandingInvoicesPageSchema, upcomingClassesPageSchema } from '../home-schemas';

const tags = ['home'];
/** A page of one of the home page's lists. */
const homePage = pageQuery(HOME_PAGE_SIZE);

export const homeEndpoints = {
  upcomingClasses: defineEndpoint({ access: 'family-read', method: 'GET', path: '/api/home/get-upcoming-classes', auth: 'customer', query: homePage, response: upcomingClassesPageSchema, tags }),
  outstandingInvoices: defineEndpoint({ access: 'money', method: 'GET', path: '/api/home/get-outstanding-invoices', auth: 'customer', query: homePage, response: outstandingInvoicesPageSchema, tags }),
  amountOwed: defineEndpoint({
    access: 'money',
    method: 'GET',
    path: '/api/home/get-amount-owed',
    auth: 'customer',
    response: amountOwedSchema,
    tags,
    description: 'What the family owes and can pay online now: its Unpaid and Overdue invoices, Overdue first.',
  }),
};
