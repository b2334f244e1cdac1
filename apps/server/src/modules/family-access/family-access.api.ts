// The family-access module's one door: guardians and their invitations (issue 24, decision 101).
export { familyAccessRoutes } from './family-access.routes.ts';
export { acceptInvitation, describeInvitation, guardianContact } from './family-access.service.ts';
