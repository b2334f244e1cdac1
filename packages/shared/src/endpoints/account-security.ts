import { defineEndpoint } from '../endpoint';
import { deletionRequestAnswerSchema } from '../deletion-schemas';
import { activityAnswerSchema, activityQuerySchema } from '../activity-schemas';

const tags = ['customer'];

/**
 * What Login & Security offers beside the password: the family's data to download, the request to
 * delete the account, the activity log. Apart from accounts.ts, whose addresses the landing page
 * loads (the session's): these are asked for on the settings page only.
 */
export const accountSecurityEndpoints = {
  myData: defineEndpoint({
    access: 'holder',
    method: 'GET',
    path: '/api/customer/my-data',
    auth: 'customer',
    tags,
    description: 'Everything held about the signed-in family, as a ZIP of family.json and a CSV per section (issue 24, decision 094); answers only that family’s own session.',
  }),
  deletionRequest: defineEndpoint({
    access: 'holder',
    method: 'GET',
    path: '/api/customer/deletion-request',
    auth: 'customer',
    response: deletionRequestAnswerSchema,
    tags,
    description: 'The family’s open request to delete its account, if any, and what erasure removes and keeps (decision 097).',
  }),
  requestDeletion: defineEndpoint({
    access: 'holder',
    method: 'POST',
    path: '/api/customer/deletion-request',
    auth: 'customer',
    response: deletionRequestAnswerSchema,
    errors: ['CONFLICT'],
    tags,
    description:
      'Asks for the account to be deleted: recorded, the company and the family told by e-mail; erased 30 days on, or sooner once the company confirms. What the law makes the company keep (invoices, payments) is kept.',
  }),
  withdrawDeletion: defineEndpoint({
    access: 'holder',
    method: 'DELETE',
    path: '/api/customer/deletion-request',
    auth: 'customer',
    response: deletionRequestAnswerSchema,
    errors: ['NOT_FOUND'],
    tags,
    description: 'Withdraws the open deletion request before the account is erased.',
  }),
  activity: defineEndpoint({
    // It says what changed in the family's details, old and new: read by those who read the details (decision 124).
    access: 'family-details',
    method: 'GET',
    path: '/api/customer/activity',
    auth: 'customer',
    query: activityQuerySchema,
    response: activityAnswerSchema,
    tags,
    description: 'The family’s activity log, newest first: each change to its data, who made it, when and what changed (decision 098). Read only.',
  }),
};
