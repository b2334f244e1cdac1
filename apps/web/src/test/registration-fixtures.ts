import { PAYMENT_BREAKDOWN_KEYS } from '@portal/shared/pricing/pricing-types';
import type { QuoteAnswer } from '@portal/shared/payment-schemas';
import type { QuoteRow } from '@portal/shared/pricing/quote-schema';
import type { RegistrationQuoteAnswer } from '@portal/shared/registration-schemas';
import type { ClassSummary, OcrProfileAnswer } from '@portal/shared/class-schemas';
import type { CompanyConfig } from '@portal/shared/company-config';
import { formTestConfig } from './form-config';

/** Splash with online registration open, for the registration's component tests. */
export function registrationTestConfig(extra: Record<string, unknown> = {}): CompanyConfig {
  return formTestConfig({
    CustomerID: 1001,
    CompanyDisplayName: 'Splash Swim School',
    OCRCompanyName: 'Splash Swim School – Online Enrolment',
    CompanyInformation: '',
    AllowOCR: true,
    CustomerPortalAllowOCR: true,
    CanTakeNewSignUps: true,
    ...extra,
  });
}

/** Splash's family-account profile (demo profile 3): no class step, no students. */
export function familyProfile(change: Partial<OcrProfileAnswer['profile']> = {}): OcrProfileAnswer['profile'] {
  return {
    OCRProfileID: 3,
    ProfileName: 'join-the-family',
    DisplayName: 'Join Splash – family account',
    PageType: 'NoClasses',
    CustomCustomerTerm: '',
    CustomStudentTerm: '',
    SkipStudents: true,
    AutoEnroll: false,
    AllowCasualEnrolments: false,
    ShowCAPTCHA: false,
    DefaultState: '',
    CanSelectCustomMedicalCondition: null,
    EmailMarketingAgreement: '',
    RegistrationHeader: 'Create your family account',
    RegistrationText: '',
    registrationImage: null,
    OpensAt: null,
    ...change,
  };
}

/** Splash's swimming-lessons profile (demo profile 1): a class step, swimmers, checkout. */
export function classesProfile(change: Partial<OcrProfileAnswer['profile']> = {}): OcrProfileAnswer['profile'] {
  return familyProfile({
    OCRProfileID: 1,
    ProfileName: 'swim-lessons',
    DisplayName: 'Enrol in swimming lessons',
    PageType: 'SelectClasses',
    SkipStudents: false,
    CustomStudentTerm: 'Swimmer',
    RegistrationHeader: 'Swimming lessons for every age',
    ...change,
  });
}

/** A class as the search answers it: Tadpoles, Monday 4 pm, three places left, four sessions to run. */
export function classSummary(change: Partial<ClassSummary> = {}): ClassSummary {
  return {
    ClassID: 101,
    Name: 'Tadpoles',
    LessonFormatID: 1,
    LessonFormat: 'Group',
    VenueID: 1,
    Venue: 'Bondi Pool',
    Court: '',
    Standard: '',
    Staff: 'Jess',
    Day: 1,
    Time: '16:00',
    Duration: 30,
    Capacity: 6,
    ClassCount: 3,
    PlacesLeft: 3,
    IsFull: false,
    MinAge: null,
    MaxAge: null,
    Price: 2500,
    CasualPrice: 3000,
    dates: ['2026-12-07', '2026-12-14', '2026-12-21', '2027-01-04'],
    ...change,
  };
}

/**
 * A cart's quote: `rows` priced at `priceCents` with a card surcharge of `surchargeCents` (1.5 %
 * where there is one), no tax, discount or credit.
 */
/** A row of a quote's new invoice. */
export const quoteRow = (id: string, type: QuoteRow['type'], description: string, totalCents: number): QuoteRow => ({
  id,
  invoiceNo: 'NEW',
  type,
  lineId: type === 'Credit Card Surcharge' ? null : id,
  breakdownKey: null,
  description,
  quantity: 1,
  unitPriceCents: totalCents,
  amountCents: totalCents,
  taxCents: 0,
  totalCents,
});

export function cartQuote({
  rows = [],
  priceCents = 0,
  surchargeCents = 0,
  stripePublishableKey = null,
}: Partial<Pick<QuoteAnswer, 'rows' | 'stripePublishableKey'>> & { priceCents?: number; surchargeCents?: number } = {}): QuoteAnswer {
  const total = priceCents + surchargeCents;
  return {
    rows,
    invoices: [],
    paymentBreakdown: Object.fromEntries(PAYMENT_BREAKDOWN_KEYS.map((k) => [k, 0])) as QuoteAnswer['paymentBreakdown'],
    totals: {
      subtotalCents: priceCents,
      autoDiscountCents: 0,
      earlyPaymentDiscountCents: 0,
      discountCodeCents: 0,
      taxName: 'GST',
      taxInclusive: true,
      totalTaxCents: 0,
      cardFeeAmountCents: 0,
      cardFeePercentageBasisPoints: surchargeCents ? 150 : 0,
      surchargeCents,
      totalCents: total,
      customerCreditsCents: 0,
      paymentAmountCents: total,
    },
    discountCodes: [],
    creditsUsed: [],
    currencySymbol: '$',
    cardPaymentsAvailable: true,
    stripePublishableKey,
  };
}

/**
 * A registration's quote: the cart's (`cartQuote`) with the profile's payment options; with
 * nothing given, nothing to pay (Submit instead of Pay).
 */
export function registrationQuote({ paymentOptions = [], ...cart }: Parameters<typeof cartQuote>[0] & Partial<Pick<RegistrationQuoteAnswer, 'paymentOptions'>> = {}): RegistrationQuoteAnswer {
  return { ...cartQuote(cart), paymentOptions, bankFormat: 'AU' };
}
