import { z } from 'zod';
import { TIME_DISPLAYS } from './class-time-text.ts';
import { COLOR_SHADES, SOCIAL_SITES } from './constants.ts';
import { paymentSetupShape } from './payment/payment-setup.ts';

export { SOCIAL_SITES };

/**
 * The company configuration as get-config answers it (D1 §3, D2 §3).
 * The same schema validates the `config` block of a company bundle, so what a
 * company file holds and what the portal receives can never drift apart.
 */
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour like #1a2b3c');

export const colorsSchema = z.object(Object.fromEntries(COLOR_SHADES.map((s) => [s, hex])) as Record<(typeof COLOR_SHADES)[number], typeof hex>);

export const socialMediaSchema = z.array(z.object({ site: z.enum(SOCIAL_SITES), link: z.url() }));

export const switchesSchema = z.object({
  CustomerPortalActive: z.boolean(),
  AllowStudentEdit: z.boolean().default(true),
  EnableCertificates: z.boolean().default(false),
  ShowSkillSetNotes: z.boolean().default(false),
  CanTakeMakeups: z.boolean().default(false),
  CanNotifyAbsence: z.boolean().default(true),
  AllowEdit: z.boolean().default(true),
  ShowBookingsTab: z.boolean().default(false),
  ShowFinancialsTab: z.boolean().default(true),
  ShowPaymentDetailsTab: z.boolean().default(true),
  AllowOCR: z.boolean().default(false),
  OnlineClassReservationsEnabled: z.boolean().default(false),
  EnableMessages: z.boolean().default(false),
  ShowNotificationsTab: z.boolean().default(true),
  ShowSkillSets: z.boolean().default(false),
  CanTakeNewSignUps: z.boolean().default(false),
  /** Guests solve a proof-of-work challenge before Contact Us sends their message. */
  ShowContactUsCAPTCHA: z.boolean().default(false),
});

export const localizationSchema = z.object({
  CountryCode: z.string().length(2),
  SuburbLabel: z.string().default('Suburb'),
  StateLabel: z.string().default('State'),
  PostcodeLabel: z.string().default('Postcode'),
  MobilePhoneLabel: z.string().default(''),
  DateFormat: z.enum(['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd', 'dd.MM.yyyy']),
  StateList: z.array(z.string()).default([]),
  CurrencySymbol: z.string().min(1).max(4),
  PaperSize: z.enum(['A4', 'Letter']),
  CoachLabel: z.string().default(''),
  CourtLabel: z.string().default(''),
  PhoneCountryCode: z.string().default(''),
  TimeZoneRegion: z.string(),
  TimeZoneCity: z.string(),
  AllowSuburbInRegistration: z.boolean().default(true),
  AllowStateInRegistration: z.boolean().default(true),
  AllowPostcodeInRegistration: z.boolean().default(true),
});

export const globalSettingsSchema = z.object({
  OCR_Version: z.number().int().min(1),
  NavBarShading: z.enum(['Light', 'Dark']).default('Light'),
  ButtonRadius: z.enum(['Sharp', 'SemiRound', 'Round']).default('SemiRound'),
  Font: z.string().default('Inter'),
  logoImage: z.string().nullable().default(null),
  UseLogoImage: z.boolean().default(false),
  AlternateCompanyName: z.string().default(''),
  bannerImage: z.string().nullable().default(null),
});

export const ocrConfigSchema = z.object({
  IncludeTemporaryEnrolmentsInCount: z.boolean().default(false),
  PageType: z.string().default('SelectClasses'),
  OCR_Standards: z.array(z.number().int()).default([]),
  OCR_FieldValues: z.array(z.number().int()).default([]),
  DefaultState: z.string().default(''),
  CanSelectCustomMedicalCondition: z.boolean().default(false),
});

export const finSetupSchema = z
  .object({
    ReceiptTitle: z.string().default('Receipt'),
    InvoiceTitle: z.string().default('Tax Invoice'),
    /** The company's own series (decision 135): its next numbers continue the highest of this form. */
    InvoiceNumberPrefix: z.string().min(1).default('INV-'),
    ReceiptNumberPrefix: z.string().min(1).default('RCT-'),
    CompanyABN: z.string().default(''),
    DirectDebitIntegrationType: z.enum(['none', 'ezidebit', 'gocardless', 'payrix']).default('none'),
    InvoiceBankDetails: z.string().default(''),
    PaymentGatewayEnabled: z.boolean().default(false),
    PaymentGatewayProvider: z.string().default(''),
    TaxName: z.string().default('Tax'),
    InvoicesPaidOnline: z.boolean().default(false),
    TimeScalePricingEnabled: z.boolean().default(false),
    TimeScalePricingOptions: z.array(z.object({ minutes: z.number().int().positive(), price_cents: z.number().int().min(0) })).default([]),
    // Payment type, tax rate, surcharge, discounts and holds (decision 024).
    ...paymentSetupShape,
  })
  // One prefix for both would number an invoice and a receipt alike (INV-5 and INV-5): two documents, one number (decision 135).
  .superRefine((fin, ctx) => {
    if (fin.InvoiceNumberPrefix !== fin.ReceiptNumberPrefix) return;
    ctx.addIssue({
      code: 'custom',
      path: ['ReceiptNumberPrefix'],
      message: `InvoiceNumberPrefix and ReceiptNumberPrefix are both "${fin.InvoiceNumberPrefix}": invoices and receipts need different prefixes`,
    });
  });

/** StudentLevel: a make-up is booked into a class of the student's level, or of none; AnyLevel: into any class of the credit's lesson format. */
const MAKEUP_LEVEL_RULES = ['StudentLevel', 'AnyLevel'] as const;

/** Rules of the classes area a company sets (decision 023); not named by the spec, so defaults keep old files valid. */
export const classesSetupSchema = z.object({
  /** Hours before a session after which an absence can no longer be notified. */
  AbsenceCutoffHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(2),
  /** Whether an absence notified in time earns a make-up credit (also needs CanTakeMakeups). */
  AbsenceEarnsMakeup: z.boolean().default(true),
  /** Days a make-up credit can be used after the missed session. */
  MakeupExpiryDays: z.number().int().min(1).max(365).default(60),
  /** Whether a family may move a child to another class of the same lesson format and level themselves (issue 22, decision 096). */
  AllowClassChange: z.boolean().default(true),
  /** The least notice, in hours, before the first session in the new class that a move may be made with. */
  ClassChangeNoticeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 28)
    .default(24),
  /** Hours a family holds a waitlist offer before it passes to the next family. */
  WaitlistOfferHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  AbsenceReasons: z.array(z.string().min(1)).default(['Illness', 'Holiday', 'School event', 'Other']),
  /** How class times and durations are shown (D1 §3 enumeration; decision 063). */
  TimeDisplay: z.enum(TIME_DISPLAYS).default('HoursAndMinutes'),
  /** Whether a parent may choose a student's level (StandardID) in the portal; off, the school sets it and the form shows it (decision 076). */
  ParentsCanSetLevel: z.boolean().default(false),
  /** Which classes a make-up credit books into: those of the student's level (and classes of no level), or any level (decision 076). */
  MakeupLevels: z.enum(MAKEUP_LEVEL_RULES).default('StudentLevel'),
});

/** How a registration can be paid (T24: "Credit/Debit Card" = credit_card, "Direct Debit" = direct_debit). */
export const PROFILE_PAYMENT_OPTIONS = ['credit_card', 'direct_debit'] as const;
/** A waiting room lets families in at most this many a minute by default (decision 108). */
const FAMILIES_PER_MINUTE = 300;

export const profileSchema = z.object({
  OCRProfileID: z.number().int().positive(),
  ProfileName: z.string().min(1),
  DisplayName: z.string().min(1),
  PageType: z.string().default('SelectClasses'),
  CustomCustomerTerm: z.string().default(''),
  CustomStudentTerm: z.string().default(''),
  SkipStudents: z.boolean().default(false),
  AutoEnroll: z.boolean().default(false),
  AllowCasualEnrolments: z.boolean().default(false),
  ShowCAPTCHA: z.boolean().default(false),
  /** X10: the profile's own, winning over ocr_config's; null or empty leaves ocr_config's. */
  DefaultState: z.string().default(''),
  CanSelectCustomMedicalCondition: z.boolean().nullable().default(null),
  /** The e-mail marketing question (N26); {company} stands for the company's name. Empty: not asked. */
  EmailMarketingAgreement: z.string().default(''),
  /** How the family may pay at the end of a registration with classes (N27, T24), where the company's payment setup offers it too. */
  PaymentOptions: z
    .array(z.enum(PROFILE_PAYMENT_OPTIONS))
    .min(1)
    .default([...PROFILE_PAYMENT_OPTIONS]),
  RegistrationHeader: z.string().default(''),
  RegistrationText: z.string().default(''),
  /** The picture at the top of the registration's side panel (N6): a URL or a `data:` URL, like logoImage; null for none. */
  registrationImage: z.string().nullable().default(null),
  /**
   * When registration under this profile opens (a term's opening morning): an instant with its
   * offset; null for open now. Before it the page counts down and no step past the e-mail code is
   * taken, from the browser or the API (decision 091).
   */
  OpensAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /**
   * The waiting room of a profile with an opening (decision 099): families who arrive within
   * `WindowMinutes` before it are put in a random order at the opening, later ones queue behind
   * in arrival order; `FamiliesAtOnce` take their turn together, each for `TurnMinutes`, and
   * they are let in at most `FamiliesPerMinute` a minute (evenly, never a minute's worth at once),
   * so the opening's first turns do not all reach the places in the same second (decision 108).
   * `WindowMinutes` 0: no waiting room.
   */
  WaitingRoom: z
    .object({
      WindowMinutes: z.number().int().min(0).max(240).default(15),
      FamiliesAtOnce: z.number().int().min(1).max(10_000).default(100),
      TurnMinutes: z.number().int().min(5).max(120).default(20),
      FamiliesPerMinute: z.number().int().min(1).max(10_000).default(FAMILIES_PER_MINUTE),
    })
    .default({ WindowMinutes: 15, FamiliesAtOnce: 100, TurnMinutes: 20, FamiliesPerMinute: FAMILIES_PER_MINUTE }),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Expected a time HH:mm (24-hour)');
/** Court bookings (decision 025): what a type costs and lasts, and where it can be booked (empty VenueIDs: every venue). */
export const bookingTypeSchema = z.object({
  BookingTypeID: z.number().int().positive(),
  Name: z.string().min(1),
  DurationMinutes: z
    .number()
    .int()
    .positive()
    .multipleOf(5)
    .max(24 * 60),
  PriceCents: z.number().int().min(0).default(0),
  VenueIDs: z.array(z.number().int().positive()).default([]),
});
/** Opening hours of a venue for one ISO day (1 Monday … 7 Sunday); a day without a row is closed. */
export const openingHoursSchema = z.object({ Day: z.number().int().min(1).max(7), Opens: clockTime, Closes: clockTime });
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((Day) => ({ Day, Opens: '07:00', Closes: '21:00' }));
export const obVenueSchema = z.object({
  VenueID: z.number().int().positive(),
  Name: z.string().min(1),
  Address: z.string().default(''),
  Courts: z.array(z.string().min(1)).default([]),
  /** Absent: 07:00–21:00 every day. */
  OpeningHours: z.array(openingHoursSchema).default(EVERY_DAY),
});
/** How far ahead courts can be booked, until when a booking can be cancelled online, how long checkout holds a court. */
export const bookingSetupSchema = z.object({
  AdvanceBookingDays: z.number().int().min(1).max(365).default(14),
  CancelCutoffHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  HoldMinutes: z.number().int().min(1).max(60).default(10),
});

/**
 * A place a customer can live (decision 028): a suburb in a state, with the postcode the company
 * has for it (empty when it has none). With LocationsHavePostcodes on, choosing one fills in the
 * postcode and locks it (C19, E16).
 */
export const locationSchema = z.object({
  Suburb: z.string().trim().min(1).max(60),
  State: z.string().trim().max(60).default(''),
  Postcode: z.string().trim().max(12).default(''),
});
export type Location = z.output<typeof locationSchema>;

/** What a company file holds under `config`. */
export const companySettingsSchema = z.object({
  CompanyDisplayName: z.string().min(1),
  OCRCompanyName: z.string().default(''),
  CompanyLogo: z.string().nullable().default(null),
  CompanyInformation: z.string().default(''),
  /** Where Contact Us enquiries are sent. */
  ContactEmail: z.union([z.email(), z.literal('')]).default(''),
  StudentTerm: z.string().default('Student'),
  CoachText: z.string().default('Coach'),
  CourtText: z.string().default('Court'),
  SkillSetName: z.string().default('Skill Sets'),
  StandardName: z.string().default('Level'),
  ServerLocation: z.string().min(2),
  TimeInterval: z.number().int().positive().default(30),
  States: z.array(z.string()).default([]),
  LocationsHavePostcodes: z.boolean().default(false),
  locations: z.array(locationSchema).default([]),
  switches: switchesSchema,
  ocr_config: ocrConfigSchema.default(ocrConfigSchema.parse({})),
  fin_setup: finSetupSchema.default(finSetupSchema.parse({})),
  classes_setup: classesSetupSchema.default(classesSetupSchema.parse({})),
  localization: localizationSchema,
  global_settings: globalSettingsSchema,
  colors: colorsSchema,
  social_media: socialMediaSchema.default([]),
  ob_venues: z.array(obVenueSchema).default([]),
  booking_types: z.array(bookingTypeSchema).default([]),
  booking_setup: bookingSetupSchema.default(bookingSetupSchema.parse({})),
  profiles: z.array(profileSchema).default([]),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

export const LIST_NAMES = ['medical_conditions', 'referral_sources', 'school', 'venues', 'date_ranges', 'lesson_formats', 'standards'] as const;
export type ListName = (typeof LIST_NAMES)[number];
export const listItemSchema = z.object({ FieldValueID: z.number(), DisplayName: z.string(), OCRFieldValueID: z.number().nullable() });
export type ListItem = z.infer<typeof listItemSchema>;

const listsSchema = z.object(Object.fromEntries(LIST_NAMES.map((n) => [n, z.array(listItemSchema)])) as Record<ListName, z.ZodArray<typeof listItemSchema>>);

/** The get-config answer: settings flattened the way the spec names them. */
export const companyConfigSchema = companySettingsSchema.omit({ switches: true }).extend(switchesSchema.shape).extend({
  CustomerID: z.number(),
  CompanyDetailsID: z.number(),
  CustomerPortalAllowOCR: z.boolean(),
  lists: listsSchema,
  unfiltered_lists: listsSchema,
});
export type CompanyConfig = z.output<typeof companyConfigSchema>;

/**
 * What dresses a page as a company's (its name, logo, colours, corners and font): an invitation's
 * page wears it for the company the invitation is of, without entering that company (decision 101).
 */
export const companyBrandSchema = companySettingsSchema.pick({ CompanyDisplayName: true, CompanyLogo: true, colors: true }).extend({
  global_settings: globalSettingsSchema.pick({ NavBarShading: true, ButtonRadius: true, Font: true, logoImage: true, UseLogoImage: true, AlternateCompanyName: true }),
});
export type CompanyBrand = z.output<typeof companyBrandSchema>;
