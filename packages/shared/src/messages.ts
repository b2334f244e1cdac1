/** User-facing texts from the spec, shared by forms (client) and routes (server). */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  companyCodeRequired: 'Company Code is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameForbidden: 'Name must not contain \\, <, >, or =',
  passwordMin: 'Password must be at least 8 characters long',
  passwordComplexity: 'Password must contain at least one number and one special character',
  passwordMax: 'Password must be at most 128 characters long',
  passwordCommon: 'This password is too common. Please choose one that is harder to guess.',
  confirmRequired: 'Confirm Password is required',
  confirmMin: 'Confirm Password must be at least 8 characters long',
  confirmComplexity: 'Confirm Password must contain at least one number and one special character',
  confirmMax: 'Confirm Password must be at most 128 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  codeRequired: 'Code is required',
  invalidCredentials: 'Invalid credentials',
  tokenError: 'Token Error',
  emailIsInvalid: 'Email is invalid',
  emailSent: 'If you have a registered account with us, you will receive instructions to reset your password.',
  inactiveTitle: 'An error has occurred',
  inactiveBody: 'Company does not have the Customer Hub active',
  newPasswordSet: 'New password set successfully',
  passwordChangedRedirect: 'Password successfully changed. Please wait while you are being redirected.',
  genericError: 'OOPS! Something went wrong.',
  noProfiles: 'No profiles have been activated for this hub',
  welcome: 'Welcome to your Customer Hub!',
  loginCaption: 'Login via email or search for a company',
  /** Our words (the spec has none): a link whose company id names no company, in place of its page. */
  unknownLink: 'The link you followed is not for a business we know. Please check the link you were sent, or sign in below to find your business.',
  numbersOnly: 'Please enter valid numbers only',
} as const;

/**
 * The customer and student forms' texts from the spec (D2 §5), apart from `messages`: the landing
 * page's script takes `messages` whole, and none of these are on it.
 */
export const fieldMessages = {
  genderRequired: 'Gender is required',
  genderOtherRequired: 'Please specify gender',
  homePhoneRequired: 'Home phone is required',
  workPhoneRequired: 'Work phone is required',
  secondaryEmailRequired: 'Secondary email is required',
  faxRequired: 'Fax is required',
  addressLine1Required: 'Address line 1 is required',
  suburbRequired: 'Suburb is required',
  billingAddressLine1Required: 'Billing address line 1 is required',
  billingSuburbRequired: 'Billing suburb is required',
  notesRequired: 'Notes is required',
  dateOfBirthRequired: 'Date of birth is required',
  dateInvalid: 'Please enter a valid date',
  medicalConditionRequired: 'Medical condition is required',
  referralSourceRequired: 'Referral source is required',
  schoolRequired: 'School is required',
  venueRequired: 'Venue is required',
  preferredDayRequired: 'At least one preferred day must be selected',
  selectAnOption: 'Please select an option',
} as const;

/** Spec texts built around a label the company chooses (D2 §5). */
export const labelledMessages = {
  /** Custom fields (S51), the state and postcode labels (S33, S34) and renamed fixed fields. */
  required: (label: string) => `${label} is required`,
  /** S23: "Mobile phone is required", "Cell phone is required". */
  mobileRequired: (label: string) => `${label} phone is required`,
  /** S24. */
  secondaryMobileRequired: (label: string) => `Secondary ${label} phone is required`,
  /** S36: the billing state and postcode. */
  billingRequired: (label: string) => `Billing ${label} is required`,
  /** E19, S48. */
  missingConfigurations: (names: readonly string[]) => `The following configurations are missing in this account: ${names.join(', ')}`,
} as const;

/** Form texts the spec leaves to us: limits it does not state. */
export const formMessages = {
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  invalidValue: 'Please enter a valid value',
} as const;

/** Server-only texts (the spec leaves them to us, U9). */
export const serverMessages = {
  notSignedIn: 'Please sign in to continue',
  companyNotFound: 'No company was found for that code',
  signUpsClosed: 'This company is not taking new sign-ups',
  emailTaken: 'An account with this email already exists. Please sign in or reset your password.',
  codeInvalid: 'The code is incorrect or has expired',
  codeTooManyTries: 'Too many incorrect codes. Please register again to get a new code.',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
  noPasswordChangePending: 'Your password can only be changed here when you are asked to change it. Use "Forgot password" on the sign-in screen instead.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  notFound: 'Not found',
  forbidden: 'This area is not available',
  crossSite: 'Cross-site request refused',
  jsonOnly: 'Send the request body as JSON (Content-Type: application/json; charset=utf-8)',
  serverError: 'Something went wrong. Please try again.',
  accountNotFound: 'That account is not available for these details',
} as const;
