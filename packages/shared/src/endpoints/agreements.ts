import { defineEndpoint } from '../endpoint';
import { idParams } from '../endpoint-params';
import { activeAgreementsAnswerSchema, activeAgreementsQuerySchema, agreeToAgreementAnswerSchema, agreeToAgreementSchema, signedAgreementAnswerSchema } from '../agreement-schemas';

const tags = ['agreements'];

/** The company's agreements, a customer's acceptance of one (K20–K23, R8, R9) and the acceptance shown again. */
export const agreementEndpoints = {
  active: defineEndpoint({
    method: 'GET',
    path: '/api/customer/get-active-agreements',
    // Registration shows a profile's to guests (R68, `id`); a signed-in customer also gets their acceptances.
    auth: 'company',
    duringSignInActions: true,
    query: activeAgreementsQuerySchema,
    response: activeAgreementsAnswerSchema,
    tags,
  }),
  agree: defineEndpoint({
    method: 'POST',
    path: '/api/customer/agree-to-agreement',
    auth: 'customer',
    duringSignInActions: true,
    body: agreeToAgreementSchema,
    response: agreeToAgreementAnswerSchema,
    errors: ['SIGNATURE_REQUIRED', 'SIGNATURE_NOT_PNG', 'SIGNATURE_TOO_LARGE'],
    tags,
  }),
  signed: defineEndpoint({
    access: 'family-read',
    method: 'GET',
    path: '/api/customer/get-signed-agreement/:id',
    auth: 'customer',
    params: idParams,
    response: signedAgreementAnswerSchema,
    errors: ['NOT_SIGNED'],
    tags,
  }),
};
