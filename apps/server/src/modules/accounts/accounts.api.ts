// The accounts module's one door: other modules, flows and the app import only this file.
export {
  chooseClient,
  chooseSessionAccount,
  completeRegistration,
  createSignIn,
  findCompaniesForCredentials,
  findContactDetails,
  hasSignIn,
  inviteeSignIn,
  isPasswordChangePending,
  isResetPending,
  listClientAccounts,
  listSessionAccounts,
  loadUserAndActions,
  openGuestAccount,
  removeAccount,
  requestPasswordReset,
  resetPassword,
  setPassword,
  startRegistration,
  trustedOrigins,
  type OpenedFamily,
} from './customer.service.ts';
export { openAccount } from './new-account.service.ts';
export { EMAIL_CODE_TTL_MINUTES, checkEmailCode, consumeEmailCode, findEarlierCode, findEmailCode, issueEmailCode } from './email-code.service.ts';
export { myDetailsRoutes } from './my-details.routes.ts';
export { getCustomerDetails, getCustomerFormRecord, parseCustomerForm } from './my-details.service.ts';
export { checkNewCustomerRegId } from './reg-id.service.ts';
export { endSessionById, endSessionByToken, findCompanySession, findSessions, startSession } from './session.service.ts';
export { completeSignInActions, hasPendingStudentUpdate, queueOutstanding } from './sign-in-actions.service.ts';
export { accountsJobs } from './accounts.jobs.ts';
