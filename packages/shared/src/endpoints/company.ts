import { defineEndpoint } from '../endpoint';
import { successSchema } from '../api-schemas';
import { companyCodeSchema } from '../auth-schemas';
import { companyConfigSchema } from '../company-config';
import { companiesAnswerSchema, companiesByEmailSchema, companyAnswerSchema, companyLoginSchema, loginByCustomerIdSchema } from '../company-schemas';
import { formFieldsAnswerSchema, formFieldsQuerySchema } from '../form-config';
import { devOutboxAnswerSchema } from '../mail-schemas';

const tags = ['company'];

/** Which company's portal this browser is on, that company's configuration and forms, and the development outbox. */
export const companyEndpoints = {
  getByEmail: defineEndpoint({
    method: 'POST',
    path: '/api/company/get-by-email',
    auth: 'public',
    body: companiesByEmailSchema,
    response: companiesAnswerSchema,
    errors: ['INVALID_CREDENTIALS'],
    description: 'The companies where these credentials hold an account.',
    tags,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/company/login',
    auth: 'public',
    body: companyLoginSchema,
    response: companyAnswerSchema,
    errors: ['COMPANY_INACTIVE'],
    description: 'A company chosen from the get-by-email list; starts the company session.',
    tags,
  }),
  loginByCode: defineEndpoint({ method: 'POST', path: '/api/company/login-by-code', auth: 'public', body: companyCodeSchema, response: companyAnswerSchema, errors: ['COMPANY_INACTIVE'], tags }),
  loginByCustomerId: defineEndpoint({
    method: 'POST',
    path: '/api/company/login-by-customer-id',
    auth: 'public',
    body: loginByCustomerIdSchema,
    response: companyAnswerSchema,
    errors: ['COMPANY_INACTIVE'],
    tags,
  }),
  logout: defineEndpoint({ method: 'POST', path: '/api/company/logout', auth: 'public', response: successSchema, description: 'Ends the company session and the customer session with it.', tags }),
  refreshToken: defineEndpoint({
    method: 'POST',
    path: '/api/company/refresh-company-token',
    auth: 'public',
    response: successSchema,
    errors: ['COMPANY_REQUIRED', 'COMPANY_INACTIVE'],
    description: 'A new company session for one that expired (within its grace period).',
    tags,
  }),
  config: defineEndpoint({
    method: 'GET',
    path: '/api/company/get-config',
    auth: 'company',
    response: companyConfigSchema,
    description: 'The company configuration, with an ETag (304 when unchanged).',
    tags,
  }),
  customerFormFields: defineEndpoint({
    method: 'GET',
    path: '/api/customer/get-form-fields',
    auth: 'company',
    query: formFieldsQuerySchema,
    response: formFieldsAnswerSchema,
    description: "The customer form's configuration; with `id`, a registration profile's.",
    tags: ['customer'],
  }),
  studentFormFields: defineEndpoint({
    method: 'GET',
    path: '/api/student/get-form-fields',
    auth: 'company',
    query: formFieldsQuerySchema,
    response: formFieldsAnswerSchema,
    description: "The student form's configuration; with `id`, a registration profile's.",
    tags: ['student'],
  }),
  devOutbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    auth: 'public',
    response: devOutboxAnswerSchema,
    description:
      'Development only (DEV_OUTBOX, on by default unless NODE_ENV is production; never with SMTP_URL), from this machine only and never through a proxy: the last 100 messages as sent, secrets included.',
    tags: ['development'],
  }),
};
