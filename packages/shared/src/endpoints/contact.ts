import { defineEndpoint } from '../endpoint';
import { captchaChallengeAnswerSchema, contactFormStateSchema, contactUsAnswerSchema, contactUsSchema } from '../contact-schemas';

const tags = ['company'];

/** Contact Us (P1–P5): open to guests of a company's portal; the server throttles every call per client address. */
export const contactEndpoints = {
  form: defineEndpoint({ method: 'GET', path: '/api/company/contact-us', auth: 'company', response: contactFormStateSchema, tags }),
  captchaChallenge: defineEndpoint({
    method: 'GET',
    path: '/api/company/captcha-challenge',
    auth: 'company',
    response: captchaChallengeAnswerSchema,
    tags,
    description: 'A proof-of-work challenge signed for this company, as the ALTCHA widget fetches it.',
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/company/contact-us',
    auth: 'company',
    body: contactUsSchema,
    response: contactUsAnswerSchema,
    errors: ['CONTACT_UNAVAILABLE', 'CAPTCHA_REQUIRED', 'CAPTCHA_FAILED'],
    tags,
  }),
};
