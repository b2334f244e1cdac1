import { defineEndpoint } from '../endpoint';
import { idParams } from '../endpoint-params';
import { clientsAnswerSchema, loginAnswerSchema, switchAccountRequestSchema } from '../customer-schemas';
import { acceptInvitationSchema, familyAccessAnswerSchema, invitationInfoSchema, invitationTokenParams, inviteGuardianSchema, ownAccessAnswerSchema, updateGuardianSchema } from '../guardian-schemas';

const tags = ['family access'];
const accountTags = ['customer'];
const holder = { auth: 'customer', access: 'holder', response: familyAccessAnswerSchema, tags } as const;

/** Family access (decision 101): the holder invites other adults, changes their roles and revokes them; the invitee answers by link. */
export const familyAccessEndpoints = {
  // Switch account (decision 139): the accounts one sign-in reaches, its own families and those it is a guardian of.
  accounts: defineEndpoint({
    method: 'GET',
    path: '/api/customer/accounts',
    auth: 'customer',
    access: 'own',
    duringSignInActions: true,
    response: clientsAnswerSchema,
    description: 'The accounts the signed-in e-mail address opens at the current company, the one signed in to among them (Switch account).',
    tags: accountTags,
  }),
  switchAccount: defineEndpoint({
    method: 'POST',
    path: '/api/customer/switch-account',
    auth: 'customer',
    access: 'own',
    duringSignInActions: true,
    body: switchAccountRequestSchema,
    response: loginAnswerSchema,
    errors: ['NOT_FOUND'],
    description: 'Signs in to another account of the same e-mail address without its password again: a new session, as login answers; an account of another address is not found.',
    tags: accountTags,
  }),
  list: defineEndpoint({ ...holder, method: 'GET', path: '/api/customer/family-access', description: "The family's guardians and pending invitations." }),
  invite: defineEndpoint({
    ...holder,
    method: 'POST',
    path: '/api/customer/family-access/invitations',
    body: inviteGuardianSchema,
    errors: ['INVITE_SELF', 'ALREADY_GUARDIAN'],
    description: 'E-mails an invitation; inviting an address again replaces its pending invitation.',
  }),
  withdraw: defineEndpoint({ ...holder, method: 'DELETE', path: '/api/customer/family-access/invitations/:id', params: idParams }),
  changeRole: defineEndpoint({ ...holder, method: 'PATCH', path: '/api/customer/family-access/guardians/:id', params: idParams, body: updateGuardianSchema }),
  revoke: defineEndpoint({ ...holder, method: 'DELETE', path: '/api/customer/family-access/guardians/:id', params: idParams, description: "Ends the guardian's access and sessions at once." }),
  me: defineEndpoint({
    access: 'own',
    method: 'GET',
    path: '/api/customer/family-access/me',
    auth: 'customer',
    response: ownAccessAnswerSchema,
    description: 'Who is signed in to the family: their name, the address they sign in with and their role (a guardian’s My Details).',
    tags,
  }),
  invitation: defineEndpoint({
    method: 'GET',
    path: '/api/family-access/invitations/:token',
    auth: 'public',
    params: invitationTokenParams,
    response: invitationInfoSchema,
    errors: ['INVITATION_INVALID'],
    tags,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/family-access/invitations/:token/accept',
    auth: 'public',
    params: invitationTokenParams,
    body: acceptInvitationSchema,
    response: loginAnswerSchema,
    errors: ['INVITATION_INVALID', 'INVALID_CREDENTIALS'],
    description: "Signs the invitee in to the family, with the address's existing password or a new one.",
    tags,
  }),
};
