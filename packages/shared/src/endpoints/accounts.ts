import { defineEndpoint } from '../endpoint';
import { detailsVersionHeaderSchema, successSchema } from '../api-schemas';
import { loginSchema, newPasswordSchema } from '../auth-schemas';
import {
  changingPasswordAnswerSchema,
  clientsAnswerSchema,
  customerLoginRequestSchema,
  forgetPasswordRequestSchema,
  loginAnswerSchema,
  meAnswerSchema,
  sessionAnswerSchema,
  registerAnswerSchema,
  registerRequestSchema,
  resetTokenParamsSchema,
  signInActionsAnswerSchema,
} from '../customer-schemas';
import {
  changePasswordSchema,
  confirmEmailChangeAnswerSchema,
  confirmEmailChangeSchema,
  customerDetailsAnswerSchema,
  generateRegIdAnswerSchema,
  generateRegIdQuerySchema,
  updateDetailsAnswerSchema,
  updateDetailsBodySchema,
} from '../my-details-schemas';
import { ocrSignInActionsAnswerSchema, ocrSignInActionsSchema } from '../sign-in-action-schemas';
import { registrationSessionHeaderSchema } from '../registration-schemas';

const tags = ['customer'];

/**
 * The customer's sign-in, registration, password and own details. A new password's body is the
 * form's schema; the server also refuses the commonly used passwords (common-passwords.ts, kept
 * out of what the web loads), with the same field message as any other rule of the form.
 */
export const accountEndpoints = {
  getClients: defineEndpoint({
    method: 'POST',
    path: '/api/customer/get-clients',
    auth: 'company',
    body: loginSchema,
    response: clientsAnswerSchema,
    errors: ['INVALID_CREDENTIALS'],
    description: 'The client accounts these credentials open at the current company.',
    tags,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/customer/login',
    auth: 'company',
    body: customerLoginRequestSchema,
    response: loginAnswerSchema,
    errors: ['INVALID_CREDENTIALS', 'ACCOUNT_CHOICE_REQUIRED', 'UNAUTHENTICATED'],
    tags,
  }),
  logout: defineEndpoint({ method: 'POST', path: '/api/customer/logout', auth: 'public', response: successSchema, tags }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/customer/register',
    auth: 'company',
    switches: ['CanTakeNewSignUps'],
    // Step one carries the form; step two adds email_code and email_token. The server parses each step with its own schema.
    body: registerRequestSchema,
    response: registerAnswerSchema,
    errors: ['SIGN_UPS_CLOSED', 'CODE_INVALID', 'CODE_TOO_MANY_TRIES', 'EMAIL_TAKEN', 'UNAUTHENTICATED'],
    description: 'Step one sends the register form and e-mails a code; step two repeats it with email_code and email_token and signs the customer in.',
    tags,
  }),
  forgetPassword: defineEndpoint({ method: 'POST', path: '/api/customer/forget-password', auth: 'company', body: forgetPasswordRequestSchema, response: successSchema, tags }),
  checkIfChangingPassword: defineEndpoint({
    method: 'GET',
    path: '/api/customer/check-if-changing-password/:token',
    auth: 'public',
    params: resetTokenParamsSchema,
    response: changingPasswordAnswerSchema,
    description: "A reset token, or the signed-in customer's ClientID for a ChangePassword sign-in action.",
    tags,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/customer/reset-password/:token',
    auth: 'public',
    params: resetTokenParamsSchema,
    body: newPasswordSchema,
    response: successSchema,
    errors: ['RESET_LINK_INVALID'],
    tags,
  }),
  setPassword: defineEndpoint({
    access: 'holder',
    method: 'POST',
    path: '/api/customer/set-password',
    auth: 'customer',
    duringSignInActions: true,
    body: newPasswordSchema,
    response: successSchema,
    errors: ['NO_PASSWORD_CHANGE_PENDING', 'PASSWORD_UNCHANGED'],
    description: "The ChangePassword sign-in action's new password.",
    tags,
  }),
  signInActions: defineEndpoint({ method: 'GET', path: '/api/customer/get-sign-in-actions', auth: 'customer', duringSignInActions: true, response: signInActionsAnswerSchema, tags }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/customer/me',
    auth: 'customer',
    duringSignInActions: true,
    response: meAnswerSchema,
    description: 'Who is signed in, with their sign-in actions.',
    tags,
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/customer/session',
    auth: 'company',
    response: sessionAnswerSchema,
    description: 'Whether this browser is signed in, and if so as whom, with their sign-in actions: a guest is a normal answer (200), not a 401.',
    tags,
  }),
  ocrSignInActions: defineEndpoint({
    method: 'POST',
    path: '/api/customer/ocr-sign-in-actions',
    auth: 'customer',
    duringSignInActions: true,
    body: ocrSignInActionsSchema,
    response: ocrSignInActionsAnswerSchema,
    description: 'An existing client signing in during online registration: the update actions its forms still need.',
    tags,
  }),
  // The holder's own name, address and phones: a payer pays without them (decision 101).
  details: defineEndpoint({ access: 'family-details', method: 'GET', path: '/api/customer/get-details', auth: 'customer', duringSignInActions: true, response: customerDetailsAnswerSchema, tags }),
  updateDetails: defineEndpoint({
    method: 'POST',
    path: '/api/customer/update-details',
    auth: 'customer',
    duringSignInActions: true,
    headers: detailsVersionHeaderSchema,
    body: updateDetailsBodySchema,
    response: updateDetailsAnswerSchema,
    errors: ['REG_ID_LOCKED', 'RECORD_CHANGED'],
    description: "The customer form, checked against the company's form configuration; a new e-mail address gets a code first.",
    tags,
  }),
  confirmEmailChange: defineEndpoint({
    access: 'holder',
    method: 'POST',
    path: '/api/customer/confirm-email-change',
    auth: 'customer',
    duringSignInActions: true,
    body: confirmEmailChangeSchema,
    response: confirmEmailChangeAnswerSchema,
    errors: ['CODE_INVALID', 'CODE_TOO_MANY_TRIES', 'EMAIL_TAKEN'],
    tags,
  }),
  generateRegId: defineEndpoint({
    method: 'GET',
    path: '/api/customer/generate-reg-id',
    auth: 'company',
    query: generateRegIdQuerySchema,
    headers: registrationSessionHeaderSchema,
    response: generateRegIdAnswerSchema,
    errors: ['REGISTRATION_EXPIRED'],
    tags,
    description:
      'R20: the next id of the company for the type. With the X-Registration-Token header of an open registration (type customer), the id of that registration: drawn the first time, the same one after (N21).',
  }),
  changePassword: defineEndpoint({
    access: 'own',
    method: 'POST',
    path: '/api/customer/change-password',
    auth: 'customer',
    // A new password is also what a ChangePassword sign-in action asks for.
    duringSignInActions: true,
    body: changePasswordSchema,
    response: successSchema,
    errors: ['INVALID_CREDENTIALS', 'PASSWORD_UNCHANGED'],
    tags,
  }),
};
