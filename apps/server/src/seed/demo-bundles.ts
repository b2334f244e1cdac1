import { COLOR_SHADES } from '@portal/shared/constants';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { withDemoAgreements } from './demo-agreements.ts';
import { aceFormConfiguration, splashFormConfiguration, thamesFormConfiguration } from './demo-form-config.ts';
import { sarahDetails } from './demo-my-details.ts';
import { splashParentStudents } from './demo-students.ts';
import { withDemoBarcodes } from './demo-barcodes.ts';
import { withDemoContact } from './demo-contact.ts';
import { withDemoBookingsAndFinancials } from './demo-financials.ts';
import { withDemoPayments } from './demo-payments.ts';
import { splashClasses } from './demo-classes.ts';
import { splashLocations } from './demo-locations.ts';

/**
 * The demo companies, written in the same bundle format a real company is imported from, so the
 * demo also proves the format. Dates are relative to the import day ("today+7"), which keeps
 * upcoming classes upcoming and notifications recent whenever the seed runs.
 */

export const DEMO_PASSWORD = 'Portal#2026';
/**
 * DEMO_PASSWORD hashed once with the portal's argon2id settings: importing the demo (first
 * start, every test that builds a company) then costs no hashing. A test checks that it verifies.
 */
export const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$qrmaLQdy3B75qkb2mlLLLg$Yqn8W2WBAn1pHhVbkcgp6VVnfJa6U64lxwPUg7kDGM0';

const palette = (hex: string[]) => Object.fromEntries(COLOR_SHADES.map((s, i) => [s, hex[i] as string])) as Record<(typeof COLOR_SHADES)[number], string>;
// Tailwind's scales: tested for contrast, and familiar to whoever edits them.
const BLUE = palette(['#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8', '#1e40af', '#1e3a8a', '#172554']);
const GREEN = palette(['#f0fdf4', '#dcfce7', '#bbf7d0', '#86efac', '#4ade80', '#22c55e', '#16a34a', '#15803d', '#166534', '#14532d', '#052e16']);
const PURPLE = palette(['#faf5ff', '#f3e8ff', '#e9d5ff', '#d8b4fe', '#c084fc', '#a855f7', '#9333ea', '#7e22ce', '#6b21a8', '#581c87', '#3b0764']);
const TEAL = palette(['#f0fdfa', '#ccfbf1', '#99f6e4', '#5eead4', '#2dd4bf', '#14b8a6', '#0d9488', '#0f766e', '#115e59', '#134e4a', '#042f2e']);

const allOn = {
  CustomerPortalActive: true,
  AllowStudentEdit: true,
  EnableCertificates: true,
  ShowSkillSetNotes: true,
  CanTakeMakeups: true,
  CanNotifyAbsence: true,
  AllowEdit: true,
  ShowBookingsTab: true,
  ShowFinancialsTab: true,
  ShowPaymentDetailsTab: true,
  AllowOCR: true,
  OnlineClassReservationsEnabled: true,
  EnableMessages: true,
  ShowNotificationsTab: true,
  ShowSkillSets: true,
  CanTakeNewSignUps: true,
};

const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];

function australia(courtLabel: string) {
  return {
    CountryCode: 'AU',
    SuburbLabel: 'Suburb',
    StateLabel: 'State',
    PostcodeLabel: 'Postcode',
    MobilePhoneLabel: 'Mobile',
    DateFormat: 'dd/MM/yyyy',
    StateList: AU_STATES,
    CurrencySymbol: '$',
    PaperSize: 'A4',
    CoachLabel: 'Instructor',
    CourtLabel: courtLabel,
    PhoneCountryCode: '+61',
    TimeZoneRegion: 'Australia',
    TimeZoneCity: 'Sydney',
  } as const;
}

const fontStack = "Inter, 'Segoe UI', Arial, sans-serif";

/** A water droplet with a wave and the school's name, as an SVG data URL (no file to ship). */
function splashLogo(): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Splash Swim School">
<defs><linearGradient id="drop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#60a5fa"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>
<path d="M32 3C32 3 12 26 12 40a20 20 0 0 0 40 0C52 26 32 3 32 3z" fill="url(#drop)"/>
<path d="M18 40c4.5-4 9-4 13.5 0s9 4 13.5 0" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
<path d="M21 49c3.7-3 7.3-3 11 0s7.3 3 11 0" fill="none" stroke="#bfdbfe" stroke-width="2.5" stroke-linecap="round"/>
<ellipse cx="24" cy="26" rx="3" ry="6" fill="#fff" opacity="0.35" transform="rotate(20 24 26)"/>
<text x="64" y="35" font-family="${fontStack}" font-size="28" font-weight="700" fill="#1e3a8a">Splash</text>
<text x="65" y="53" font-family="${fontStack}" font-size="11" font-weight="600" letter-spacing="3.2" fill="#2563eb">SWIM SCHOOL</text>
</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The Learn to Swim registration's picture (N6): a pool with lane ropes and a swimmer. */
function splashPoolImage(): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#water)"/>
<g stroke-width="6" stroke-dasharray="18 12"><path d="M0 90h640" stroke="#f87171"/><path d="M0 180h640" stroke="#fde047"/><path d="M0 270h640" stroke="#f87171"/></g>
<g fill="none" stroke="#e0f2fe" stroke-width="4" stroke-linecap="round" opacity="0.7"><path d="M40 45c30-14 60-14 90 0s60 14 90 0"/><path d="M380 320c30-14 60-14 90 0s60 14 90 0"/></g>
<circle cx="430" cy="222" r="20" fill="#fbbf24"/><path d="M300 236c40-10 80-12 110-8" stroke="#fde68a" stroke-width="14" stroke-linecap="round" fill="none"/>
<path d="M280 250c20-12 40-12 60 0s40 12 60 0" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none"/>
</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Notification = NonNullable<CompanyBundleInput['notifications']>[number];

/**
 * Sarah's SPLASH notifications over the last two months, newest first, each a different notice:
 * the few of the last week still new, the older ones read, as a family that opens the portal now
 * and then would have them.
 */
export function splashNotifications(): Notification[] {
  const notices: (Omit<Notification, 'to' | 'read_by'> & { unread?: true })[] = [
    {
      title: 'Make-up lesson available',
      content: "A place has opened in Seahorse – Thursday at Maroubra. Book it from Classes to use Ella's make-up credit.",
      category: 'absences',
      created_at: 'today-1T16:45',
      tag_data: { type: 'makeup_available', kind: 'makeup', student: 'ella' },
      unread: true,
    },
    {
      title: 'Invoice INV-10241 issued',
      content: `Invoice INV-10241 for ${money(12250)} is now available under Financials: Noah's Starfish half term.`,
      category: 'invoices',
      created_at: 'today-1T10:10',
      tag_data: { type: 'invoice_issued', kind: 'invoice', invoice_no: 'INV-10241' },
      unread: true,
    },
    {
      title: 'Invoice INV-10243 issued',
      content: `Invoice INV-10243 for ${money(24500)}, Ella's squad on Tuesdays next term, will be collected by direct debit on its due date.`,
      category: 'invoices',
      created_at: 'today-1T10:05',
      tag_data: { type: 'invoice_issued', kind: 'invoice', invoice_no: 'INV-10243' },
      unread: true,
    },
    {
      title: 'Re-enrolment closes this Friday',
      content: 'Next term starts in two weeks. Re-enrolment for existing swimmers closes this Friday – your current places are held until then.',
      category: 'news',
      created_at: 'today-1T08:40',
      tag_data: { type: 'term_reminder', kind: 'enrolment' },
      unread: true,
    },
    {
      title: 'Invoice INV-10240 issued',
      content: `Invoice INV-10240 for ${money(24500)} is now available under Financials: Ella's Seahorse lessons next term.`,
      category: 'invoices',
      created_at: 'today-2T10:05',
      tag_data: { type: 'invoice_issued', kind: 'invoice', invoice_no: 'INV-10240' },
    },
    {
      title: 'Invoice INV-10239 issued',
      content: `Invoice INV-10239 for ${money(8800)} is now available under Financials.`,
      category: 'invoices',
      created_at: 'today-5T10:05',
      tag_data: { type: 'invoice_issued', kind: 'invoice', invoice_no: 'INV-10239' },
    },
    {
      title: "Noah's progress report is ready",
      content: "Noah's progress report is ready. Open Swimmers to see the skills achieved this term.",
      category: 'classes',
      created_at: 'today-6T15:10',
      tag_data: { type: 'progress_report', kind: 'student', student: 'noah' },
    },
    {
      title: 'Invoice INV-10237 issued',
      content: `Invoice INV-10237 for ${money(3500)} is now available under Financials: a swim cap and goggles.`,
      category: 'invoices',
      created_at: 'today-8T10:05',
      tag_data: { type: 'invoice_issued', kind: 'invoice', invoice_no: 'INV-10237' },
    },
    {
      title: 'Invoice INV-10236 issued',
      content: `Invoice INV-10236 for ${money(24500)} is now available under Financials: Noah's Wednesday lessons at Maroubra.`,
      category: 'invoices',
      created_at: 'today-10T10:05',
      tag_data: { type: 'invoice_issued', kind: 'invoice', invoice_no: 'INV-10236' },
    },
    {
      title: 'Lane hire confirmed',
      content: 'Your private lane hire on Sunday at 04:30 PM is confirmed. Please arrive ten minutes early.',
      category: 'bookings',
      created_at: 'today-12T18:20',
      tag_data: { type: 'booking_confirmed', kind: 'booking' },
    },
    {
      title: 'Absence recorded for Ella',
      content: 'We have noted that Ella will miss her next Seahorse lesson. A make-up credit is ready to book.',
      category: 'absences',
      created_at: 'today-15T07:15',
      tag_data: { type: 'absence_recorded', kind: 'makeup', student: 'ella' },
    },
    {
      title: 'Payment received for INV-10233',
      content: `We received your card payment of ${money(6125)} towards invoice INV-10233, which leaves ${money(6125)} to pay. Your receipt RCT-20104 is under Financials.`,
      category: 'invoices',
      created_at: 'today-16T12:30',
      tag_data: { type: 'payment_received', kind: 'payment', invoice_nos: ['INV-10233'], receipt_no: 'RCT-20104' },
    },
    {
      title: 'Lane change for Noah',
      content: 'From next week Noah swims in Lane 4 with instructor Jess. The class time does not change.',
      category: 'classes',
      created_at: 'today-18T16:45',
      tag_data: { type: 'class_changed', kind: 'enrolment', student: 'noah' },
    },
    {
      title: 'Swimming carnival this Sunday',
      content: 'Our club carnival runs from 08:00 AM at Bondi. Family and friends are welcome; sausage sizzle from 10:00 AM.',
      category: 'news',
      created_at: 'today-24T12:30',
      tag_data: { type: 'event' },
    },
    {
      title: 'Class cancelled – pool maintenance',
      content: "Ella's lesson at Bondi this week is cancelled while the pool is closed for maintenance. We will be in touch about a make-up lesson.",
      category: 'classes',
      created_at: 'today-27T08:40',
      tag_data: { type: 'class_cancelled', kind: 'makeup', student: 'ella', venue: 'Bondi' },
    },
    {
      title: 'Pool hours over the holidays',
      content: 'Bondi and Maroubra open from 07:00 AM to 05:00 PM during the school holidays; lessons pause until term starts.',
      category: 'news',
      created_at: 'today-33T15:10',
      tag_data: { type: 'event' },
    },
    {
      title: 'New instructor for Starfish',
      content: "Noah's Saturday Starfish class is taught by Priya from this week, while Tom is on leave.",
      category: 'classes',
      created_at: 'today-36T16:45',
      tag_data: { type: 'class_changed', kind: 'enrolment', student: 'noah' },
    },
    {
      title: 'Make-up lesson booked',
      content: "Ella's make-up lesson is booked into Seahorse – Thursday at Maroubra. See you at the pool.",
      category: 'absences',
      created_at: 'today-42T18:20',
      tag_data: { type: 'makeup_booked', kind: 'makeup', student: 'ella' },
    },
    {
      title: 'Payment received for INV-10212 and INV-10219',
      content: `We received your payment of ${money(36750)} for invoices INV-10212 and INV-10219 by direct debit. Your receipt RCT-20102 is under Financials.`,
      category: 'invoices',
      created_at: 'today-50T12:30',
      tag_data: { type: 'payment_received', kind: 'payment', invoice_nos: ['INV-10212', 'INV-10219'], receipt_no: 'RCT-20102' },
    },
    {
      title: 'Term 4 timetable published',
      content: 'The Term 4 timetable is now on the portal. Classes keep their days and times unless we have written to you.',
      category: 'news',
      created_at: 'today-51T08:40',
      tag_data: { type: 'term_reminder', kind: 'enrolment' },
    },
    {
      title: 'Absence recorded for Noah',
      content: 'We have noted that Noah will miss his next Starfish lesson. A make-up credit is ready to book.',
      category: 'absences',
      created_at: 'today-54T07:15',
      tag_data: { type: 'absence_recorded', kind: 'makeup', student: 'noah' },
    },
    {
      title: 'Welcome back for Term 4',
      content: 'Lessons start again on Saturday. Bring a towel, a cap and a water bottle; the kiosk at Bondi is open from 07:30 AM.',
      category: 'news',
      created_at: 'today-59T16:45',
      tag_data: { type: 'event' },
    },
  ];
  return notices.map(({ unread, ...notice }) => ({ ...notice, to: ['sarah'], read_by: unread ? [] : ['sarah'] }));
}

function splash(): CompanyBundleInput {
  return {
    company: {
      code: 'SPLASH',
      customer_id: 1001,
      company_details_id: 1101,
      trading_name: 'Splash Swim School',
      config: {
        CompanyDisplayName: 'Splash Swim School',
        OCRCompanyName: 'Splash Swim School – Online Enrolment',
        CompanyInformation: 'Learn-to-swim lessons for ages 6 months to adult, seven days a week in Bondi and Maroubra.',
        ContactEmail: 'office@splash.example',
        StudentTerm: 'Swimmer',
        CoachText: 'Instructor',
        CourtText: 'Lane',
        SkillSetName: 'Skills',
        StandardName: 'Level',
        ServerLocation: 'AU',
        TimeInterval: 30,
        States: AU_STATES,
        LocationsHavePostcodes: true,
        locations: splashLocations,
        switches: allOn,
        ocr_config: { PageType: 'SelectClasses', DefaultState: 'NSW', CanSelectCustomMedicalCondition: true },
        fin_setup: {
          ReceiptTitle: 'Receipt',
          InvoiceTitle: 'Tax Invoice',
          CompanyABN: '51 824 753 556',
          DirectDebitIntegrationType: 'none',
          InvoiceBankDetails: 'BSB 062-000, Account 1234 5678, Splash Swim School Pty Ltd',
          PaymentGatewayEnabled: true,
          PaymentGatewayProvider: 'simulated',
          TaxName: 'GST',
          InvoicesPaidOnline: true,
          // A term's lessons may be paid in three monthly instalments (decision 105).
          Instalments: { Count: 3, Interval: 'month', MinimumDepositPercent: 0, MinimumTotalCents: 15_000, Retries: 2, RetryDays: 3 },
        },
        localization: australia('Lane'),
        global_settings: {
          OCR_Version: 2,
          NavBarShading: 'Light',
          ButtonRadius: 'SemiRound',
          Font: 'Inter',
          logoImage: splashLogo(),
          UseLogoImage: true,
          AlternateCompanyName: 'Splash',
        },
        colors: BLUE,
        social_media: [
          { site: 'facebook', link: 'https://www.facebook.com/example.splashswim' },
          { site: 'instagram', link: 'https://www.instagram.com/example.splashswim' },
          { site: 'youtube', link: 'https://www.youtube.com/@example.splashswim' },
        ],
        // Lane hire beside the classes (decision 041): one family can enrol a swimmer and book a lane in one cart.
        ob_venues: [{ VenueID: 1, Name: 'Splash Aquatic Centre – Bondi', Address: '12 Campbell Parade, Bondi Beach NSW 2026', Courts: ['Lane 1', 'Lane 2', 'Lane 3', 'Lane 4', 'Lane 5', 'Lane 6'] }],
        booking_types: [{ BookingTypeID: 1, Name: 'Private lane hire', DurationMinutes: 30, PriceCents: 2000 }],
        profiles: [
          {
            OCRProfileID: 1,
            ProfileName: 'learn-to-swim',
            DisplayName: 'Learn to Swim – term enrolment',
            AutoEnroll: true,
            RegistrationHeader: 'Enrol in Learn to Swim',
            RegistrationText: 'Choose a class for each swimmer. Lessons run weekly during school terms.',
            registrationImage: splashPoolImage(),
          },
          {
            OCRProfileID: 2,
            ProfileName: 'holiday-intensive',
            DisplayName: 'School holiday intensive',
            AllowCasualEnrolments: true,
            ShowCAPTCHA: true,
            RegistrationHeader: 'Holiday intensive',
            RegistrationText: 'Five lessons in five days – the fastest way to build confidence.',
          },
          {
            OCRProfileID: 3,
            ProfileName: 'join-the-family',
            DisplayName: 'Join Splash – family account',
            PageType: 'NoClasses',
            SkipStudents: true,
            EmailMarketingAgreement: 'Would you like to receive news and offers from {company} by e-mail?',
            RegistrationHeader: 'Create your family account',
            RegistrationText: '*Book lessons and lane hire online *Pay invoices and see receipts *Hear about new classes first',
          },
        ],
      },
    },
    form_configuration: splashFormConfiguration,
    lists: {
      medical_conditions: [
        { name: 'Asthma' },
        { name: 'Anaphylaxis' },
        { name: 'Epilepsy' },
        { name: 'Type 1 diabetes' },
        { name: 'Ear grommets' },
        { name: 'Eczema' },
        { name: 'ADHD' },
        { name: 'Autism spectrum' },
        { name: 'Hearing impairment' },
      ],
      referral_sources: [
        { name: 'Google search' },
        { name: 'Facebook' },
        { name: 'Instagram' },
        { name: 'Friend or family' },
        { name: 'School newsletter' },
        { name: 'Walked past the centre' },
        { name: 'Yellow Pages', active: false },
      ],
      school: [
        { name: 'Bondi Public School' },
        { name: 'Clovelly Public School' },
        { name: 'Rose Bay Public School' },
        { name: 'Waverley College' },
        { name: "St Catherine's School" },
        { name: 'Other / home school' },
      ],
      date_ranges: [{ name: 'Term 1' }, { name: 'Term 2' }, { name: 'Term 3' }, { name: 'Term 4' }, { name: 'Summer holidays', active: false }],
      standards: [
        { name: 'Starfish', ocr_field_value_id: 11 },
        { name: 'Seahorse', ocr_field_value_id: 12 },
        { name: 'Turtle', ocr_field_value_id: 13 },
        { name: 'Dolphin', ocr_field_value_id: 14 },
        { name: 'Shark', ocr_field_value_id: 15 },
        { name: 'Squad', ocr_field_value_id: 16 },
      ],
    },
    venues: [
      { key: 'bondi', name: 'Splash Aquatic Centre – Bondi', address: '12 Campbell Parade, Bondi Beach NSW 2026' },
      { key: 'maroubra', name: 'Splash at Maroubra Leisure Centre', address: '1 Jack Vanny Reserve, Maroubra NSW 2035' },
    ],
    lesson_formats: [
      { key: 'group30', name: 'Group lesson (30 min)', duration_minutes: 30 },
      { key: 'private30', name: 'Private lesson (30 min)', duration_minutes: 30 },
      { key: 'squad60', name: 'Squad training (60 min)', duration_minutes: 60 },
      { key: 'holiday45', name: 'Holiday intensive (45 min)', duration_minutes: 45 },
    ],
    agreements: [
      {
        key: 'terms',
        name: 'Terms and conditions',
        text: 'Lessons are charged per term in advance. Missed lessons are not refunded; a make-up lesson may be booked within the same term when a place is available. Please give two weeks’ notice to withdraw.',
        requires_signature: false,
        // The holiday intensive's registration shows both, the consent optional; Learn to Swim names none: the company's.
        profiles: [{ id: 2 }],
      },
      {
        key: 'medical',
        name: 'Medical and photo consent',
        text: 'I consent to first aid being given to my swimmer and to an ambulance being called if needed. I agree that photos taken during lessons may be used in Splash newsletters unless I tell the office otherwise.',
        requires_signature: true,
        profiles: [{ id: 2, required: false }],
      },
    ],
    customers: [
      {
        email: 'parent@example.com',
        password_hash: DEMO_PASSWORD_HASH,
        clients: [
          {
            key: 'sarah',
            first_name: 'Sarah',
            last_name: 'Mitchell',
            // Family access (decision 101): Sarah's mother pays the fees with her own sign-in.
            guardians: [{ email: 'grandma@example.com', first_name: 'Margaret', last_name: 'Mitchell', role: 'payer', password_hash: DEMO_PASSWORD_HASH }],
            phone_mobile: '0412 345 678',
            address1: '27 Beach Road',
            suburb: 'Bondi Beach',
            state: 'NSW',
            postcode: '2026',
            // My details (decision 020): a full record under Splash's customer form.
            ...sarahDetails,
            students: splashParentStudents,
            invoices: [
              { invoice_no: 'INV-10198', invoice_date: 'today-150', payment_date: 'today-136', total_cents: 24500, balance_due_cents: 0, status: 'Paid' },
              { invoice_no: 'INV-10212', invoice_date: 'today-95', payment_date: 'today-81', total_cents: 24500, balance_due_cents: 0, status: 'Paid' },
              { invoice_no: 'INV-10219', invoice_date: 'today-60', payment_date: 'today-46', total_cents: 12250, balance_due_cents: 0, status: 'Paid' },
              { invoice_no: 'INV-10225', invoice_date: 'today-40', payment_date: 'today-26', total_cents: 3500, balance_due_cents: 0, status: 'Paid' },
              { invoice_no: 'INV-10231', invoice_date: 'today-35', payment_date: 'today-21', total_cents: 24500, balance_due_cents: 24500, status: 'Overdue' },
              { invoice_no: 'INV-10233', invoice_date: 'today-28', payment_date: 'today-14', total_cents: 12250, balance_due_cents: 6125, status: 'Overdue' },
              { invoice_no: 'INV-10236', invoice_date: 'today-10', payment_date: 'today+4', total_cents: 24500, balance_due_cents: 24500, status: 'Unpaid' },
              { invoice_no: 'INV-10237', invoice_date: 'today-8', payment_date: 'today+6', total_cents: 3500, balance_due_cents: 3500, status: 'Unpaid' },
              { invoice_no: 'INV-10239', invoice_date: 'today-5', payment_date: 'today+9', total_cents: 8800, balance_due_cents: 8800, status: 'Unpaid' },
              { invoice_no: 'INV-10240', invoice_date: 'today-2', payment_date: 'today+12', total_cents: 24500, balance_due_cents: 24500, status: 'Scheduled' },
              { invoice_no: 'INV-10241', invoice_date: 'today-1', payment_date: 'today+26', total_cents: 12250, balance_due_cents: 12250, status: 'Scheduled' },
              { invoice_no: 'INV-10243', invoice_date: 'today-1', payment_date: 'today+5', total_cents: 24500, balance_due_cents: 24500, status: 'Debit Scheduled' },
              { invoice_no: 'INV-10244', invoice_date: 'today', payment_date: 'today+19', total_cents: 24500, balance_due_cents: 24500, status: 'Debit Scheduled' },
              { invoice_no: 'INV-10245', invoice_date: 'today', payment_date: 'today+40', total_cents: 4500, balance_due_cents: 4500, status: 'Scheduled' },
            ],
          },
        ],
      },
      {
        email: 'family@example.com',
        password_hash: DEMO_PASSWORD_HASH,
        clients: [
          {
            key: 'james',
            first_name: 'James',
            last_name: 'Carter',
            phone_mobile: '0423 918 204',
            address1: '8 Arden Street',
            suburb: 'Coogee',
            state: 'NSW',
            postcode: '2034',
            students: [{ key: 'mia', first_name: 'Mia', last_name: 'Carter', dob: '2015-11-21', gender: 'Female', standard: 'Dolphin' }],
            invoices: [
              { invoice_no: 'INV-10250', invoice_date: 'today-30', payment_date: 'today-16', total_cents: 26000, balance_due_cents: 0, status: 'Paid' },
              { invoice_no: 'INV-10251', invoice_date: 'today-3', payment_date: 'today+11', total_cents: 26000, balance_due_cents: 26000, status: 'Unpaid' },
            ],
          },
          {
            key: 'olivia',
            first_name: 'Olivia',
            last_name: 'Carter – Business account',
            email: 'accounts@carter-co.example',
            phone_mobile: '02 9315 4410',
            address1: 'Level 2, 140 Oxford Street',
            suburb: 'Paddington',
            state: 'NSW',
            postcode: '2021',
            students: [{ key: 'leo', first_name: 'Leo', last_name: 'Carter', dob: '2020-06-05', gender: 'Male', standard: 'Starfish' }],
            invoices: [{ invoice_no: 'INV-10260', invoice_date: 'today-4', payment_date: 'today+10', total_cents: 24500, balance_due_cents: 24500, status: 'Debit Scheduled' }],
          },
        ],
      },
      {
        email: 'new@example.com',
        password_hash: DEMO_PASSWORD_HASH,
        clients: [
          {
            key: 'alex',
            first_name: 'Alex',
            last_name: 'Nguyen',
            students: [{ key: 'mai', first_name: 'Mai', last_name: 'Nguyen', dob: '2018-01-30', gender: 'Female', standard: 'Starfish' }],
            // With the medical consent's new version (demo-agreements.ts): one action of every kind.
            sign_in_actions: [{ type: 'UpdateProfile' }, { type: 'UpdateStudent', student: 'mai' }, { type: 'ChangePassword' }],
          },
        ],
      },
    ],
    classes: splashClasses(),
    notifications: [
      ...splashNotifications(),
      {
        title: 'Invoice INV-10251 issued',
        content: 'Invoice INV-10251 for $260.00 is now available under Financials.',
        category: 'invoices',
        created_at: 'today-3T09:00',
        tag_data: { kind: 'invoice', invoice_no: 'INV-10251' },
        to: ['james'],
      },
      {
        title: 'Welcome back to the pool',
        content: "Mia's Wednesday class resumes this week in Lane 4.",
        category: 'classes',
        created_at: 'today-9T16:30',
        tag_data: { kind: 'enrolment' },
        to: ['james'],
        read_by: ['james'],
      },
      {
        title: 'Direct debit scheduled',
        content: 'INV-10260 for $245.00 will be debited from the account on file.',
        category: 'invoices',
        created_at: 'today-4T10:15',
        tag_data: { kind: 'invoice', invoice_no: 'INV-10260' },
        to: ['olivia'],
      },
      {
        title: 'Welcome to Splash',
        content: 'Thanks for joining Splash Swim School. Please review our terms the first time you sign in.',
        category: 'news',
        created_at: 'today-2T08:00',
        to: ['alex'],
      },
    ],
    messages: [
      {
        title: 'Welcome to the new Customer Hub',
        body: 'You can now see upcoming lessons, pay invoices and book make-ups online. Let the office know if anything looks wrong.',
        published_at: 'today-40T09:00',
        read_by: ['sarah'],
      },
      {
        title: 'Next term timetable now available',
        body: 'The timetable for next term is online. Existing swimmers keep their places when re-enrolled by Friday.',
        published_at: 'today-25T12:00',
        read_by: ['sarah'],
      },
      {
        title: "Ella's progress update",
        body: 'Ella has mastered freestyle breathing to both sides. She is close to moving up to Turtle – keep up the practice!',
        published_at: 'today-18T15:30',
        to: 'sarah',
        read_by: ['sarah'],
      },
      {
        title: 'Pool maintenance closures',
        body: 'The Bondi pool closes next week for maintenance. Affected lessons are cancelled; we will contact each family about a make-up lesson.',
        published_at: 'today-6T10:00',
      },
      {
        title: "Noah's move-up assessment",
        body: 'Noah will be assessed for Seahorse in his Saturday class. No need to do anything – his instructor will let you know.',
        published_at: 'today-3T14:00',
        to: 'sarah',
      },
      {
        title: 'Carnival volunteers needed',
        body: 'We need timekeepers and a barbecue crew for Sunday’s carnival. Reply to this message if you can help for an hour.',
        published_at: 'today-1T08:30',
      },
    ],
  };
}

function ace(): CompanyBundleInput {
  return {
    company: {
      code: 'ACE',
      customer_id: 2002,
      company_details_id: 2102,
      trading_name: 'Ace Tennis Academy',
      config: {
        CompanyDisplayName: 'Ace Tennis Academy',
        CompanyLogo: null,
        CompanyInformation: 'Junior and adult tennis programs on Manhattan’s West Side.',
        ContactEmail: 'frontdesk@ace-tennis.example',
        StudentTerm: 'Player',
        CoachText: 'Coach',
        CourtText: 'Court',
        StandardName: 'Level',
        ServerLocation: 'US',
        States: ['NJ', 'NY', 'CT'],
        switches: {
          CustomerPortalActive: true,
          AllowStudentEdit: true,
          CanTakeMakeups: true,
          CanNotifyAbsence: true,
          AllowEdit: true,
          ShowBookingsTab: true,
          ShowFinancialsTab: true,
          ShowPaymentDetailsTab: true,
          AllowOCR: true,
          OnlineClassReservationsEnabled: true,
          EnableMessages: false,
          ShowNotificationsTab: true,
          CanTakeNewSignUps: true,
        },
        // Class lengths in minutes ("60 minutes"), where Splash and Thames show hours and minutes (C21).
        classes_setup: { TimeDisplay: 'Minutes' },
        fin_setup: {
          InvoiceTitle: 'Invoice',
          // The academy's own series (ACE-5044, ACE-R-3001): new documents continue it (decision 135).
          InvoiceNumberPrefix: 'ACE-',
          ReceiptNumberPrefix: 'ACE-R-',
          TaxName: 'Sales tax',
          PaymentGatewayEnabled: true,
          PaymentGatewayProvider: 'simulated',
          InvoicesPaidOnline: true,
        },
        localization: {
          CountryCode: 'US',
          SuburbLabel: 'City',
          StateLabel: 'State',
          PostcodeLabel: 'ZIP code',
          MobilePhoneLabel: 'Cell',
          DateFormat: 'MM/dd/yyyy',
          StateList: ['CT', 'NJ', 'NY'],
          CurrencySymbol: '$',
          PaperSize: 'Letter',
          CoachLabel: 'Coach',
          CourtLabel: 'Court',
          PhoneCountryCode: '+1',
          TimeZoneRegion: 'America',
          TimeZoneCity: 'New_York',
        },
        global_settings: {
          OCR_Version: 2,
          NavBarShading: 'Dark',
          ButtonRadius: 'Round',
          Font: 'monsterrat',
          logoImage: null,
          UseLogoImage: false,
          AlternateCompanyName: 'Ace Tennis',
        },
        colors: GREEN,
        social_media: [{ site: 'instagram', link: 'https://www.instagram.com/example.acetennis' }],
        ob_venues: [{ VenueID: 1, Name: 'Riverside Courts', Courts: ['Court 1', 'Court 2', 'Court 3', 'Court 4'] }],
        booking_types: [
          { BookingTypeID: 1, Name: 'Court hire (1 hour)', DurationMinutes: 60 },
          { BookingTypeID: 2, Name: 'Ball machine (30 min)', DurationMinutes: 30 },
        ],
        // A junior programme billed by direct debit only: the family gives its bank details instead of a card.
        profiles: [
          {
            OCRProfileID: 1,
            ProfileName: 'junior-program',
            DisplayName: 'Junior program – monthly direct debit',
            PaymentOptions: ['direct_debit'],
            RegistrationHeader: 'Join the junior program',
            RegistrationText: '*Weekly group lessons by level *Billed monthly by direct debit *Free trial lesson for new players',
          },
        ],
      },
    },
    form_configuration: aceFormConfiguration,
    lists: {
      medical_conditions: [{ name: 'Asthma' }, { name: 'Allergies' }, { name: 'Diabetes' }, { name: 'Heart condition' }],
      referral_sources: [{ name: 'Google' }, { name: 'Friend' }, { name: 'School flyer' }, { name: 'USTA event' }],
      school: [{ name: 'PS 87' }, { name: 'PS 199' }, { name: 'Trinity School' }],
      date_ranges: [{ name: 'Fall session' }, { name: 'Winter session' }, { name: 'Spring session' }, { name: 'Summer camp' }],
      standards: [{ name: 'Red Ball' }, { name: 'Orange Ball' }, { name: 'Green Ball' }, { name: 'Yellow Ball' }, { name: 'Tournament' }],
    },
    venues: [{ key: 'riverside', name: 'Riverside Courts', address: 'Riverside Park at W 96th St, New York, NY 10025' }],
    lesson_formats: [
      { key: 'clinic60', name: 'Group clinic (60 min)', duration_minutes: 60 },
      { key: 'private60', name: 'Private lesson (60 min)', duration_minutes: 60 },
    ],
    agreements: [
      {
        key: 'waiver',
        name: 'Liability waiver',
        text: 'I understand that tennis involves physical activity and accept the risk of injury. I release Ace Tennis Academy from claims except for gross negligence.',
        requires_signature: true,
      },
    ],
    customers: [
      {
        email: 'parent@example.com',
        password_hash: DEMO_PASSWORD_HASH,
        clients: [
          {
            key: 'sarah',
            first_name: 'Sarah',
            last_name: 'Mitchell',
            phone_mobile: '(212) 555-0147',
            address1: '310 W 94th St, Apt 5B',
            suburb: 'New York',
            state: 'NY',
            postcode: '10025',
            custom_fields: [
              { id: 111, value: 'ACE-2291' },
              { id: 112, item_id: 1 },
              { id: 113, value: '2' },
              { id: 114, value: 'Y' },
            ],
            students: [
              {
                key: 'noah',
                first_name: 'Noah',
                last_name: 'Mitchell',
                dob: '2016-05-19',
                gender: 'Male',
                standard: 'Orange Ball',
                custom_field_values: [
                  { CustomFieldID: 301, FieldValue: '1' },
                  { CustomFieldID: 302, FieldValue: '25 inch' },
                  { CustomFieldID: 303, FieldValue: '1,4' },
                  { CustomFieldID: 304, FieldValue: 'N' },
                ],
              },
            ],
            invoices: [
              { invoice_no: 'ACE-5012', invoice_date: 'today-45', payment_date: 'today-31', total_cents: 36000, balance_due_cents: 0, status: 'Paid' },
              { invoice_no: 'ACE-5031', invoice_date: 'today-6', payment_date: 'today+8', total_cents: 36000, balance_due_cents: 36000, status: 'Unpaid' },
              { invoice_no: 'ACE-5044', invoice_date: 'today', payment_date: 'today+30', total_cents: 11500, balance_due_cents: 11500, status: 'Scheduled' },
            ],
          },
        ],
      },
    ],
    classes: [
      {
        key: 'wed-orange',
        name: 'Orange Ball clinic – Wednesday',
        lesson_format: 'clinic60',
        venue: 'riverside',
        court: 'Court 3',
        day_of_week: 3,
        start_time: '16:00',
        standard: 'Orange Ball',
        staff: 'Marcus Reed',
        capacity: 8,
        // $45 a session, as its invoices charge.
        price_cents: 4500,
        sessions: { weeks_before: 4, weeks_after: 6 },
        enrolments: [{ student: 'noah', start_date: 'today-28' }],
      },
      {
        key: 'sat-orange',
        name: 'Orange Ball match play – Saturday',
        lesson_format: 'clinic60',
        venue: 'riverside',
        court: 'Court 1',
        day_of_week: 6,
        start_time: '09:00',
        standard: 'Orange Ball',
        staff: 'Marcus Reed',
        capacity: 8,
        // $45 a session, as its invoices charge.
        price_cents: 4500,
        sessions: { weeks_before: 4, weeks_after: 6 },
        // Missed last week through illness: the make-up the notification below offers.
        enrolments: [{ student: 'noah', start_date: 'today-28', absences: [{ week: -1, reason: 'Illness', makeup_credit: true }] }],
      },
    ],
    notifications: [
      {
        title: 'Invoice ACE-5031 issued',
        content: 'Invoice ACE-5031 for $360.00 is ready under Financials.',
        category: 'invoices',
        created_at: 'today-6T09:00',
        tag_data: { kind: 'invoice', invoice_no: 'ACE-5031' },
        to: ['sarah'],
      },
      {
        title: 'Rain delay',
        content: 'Wednesday’s clinic moves indoors to the bubble courts because of rain.',
        category: 'classes',
        created_at: 'today-5T13:20',
        tag_data: { kind: 'enrolment' },
        to: 'all',
      },
      {
        title: 'Court 2 resurfacing',
        content: 'Court 2 is closed this weekend for resurfacing. Saturday match play uses Court 1.',
        category: 'classes',
        created_at: 'today-9T10:00',
        tag_data: { kind: 'enrolment' },
        to: 'all',
        read_by: ['sarah'],
      },
      {
        title: 'Summer camp registration open',
        content: 'Register for summer camp before May 1 to get the early-bird rate.',
        category: 'news',
        created_at: 'today-12T08:00',
        to: 'all',
        read_by: ['sarah'],
      },
      {
        title: 'Make-up available',
        content: 'Noah missed Saturday match play and has a make-up to use. Book it from Classes, under Make-ups.',
        category: 'absences',
        created_at: 'today-2T17:45',
        tag_data: { kind: 'makeup' },
        to: ['sarah'],
      },
    ],
  };
}

function thames(): CompanyBundleInput {
  return {
    company: {
      code: 'THAMES',
      customer_id: 3003,
      company_details_id: 3103,
      trading_name: 'Thames Dance Studio',
      config: {
        CompanyDisplayName: 'Thames Dance Studio',
        CompanyInformation: 'Ballet, tap and contemporary classes in Richmond upon Thames.',
        ContactEmail: 'hello@thames-dance.example',
        StudentTerm: 'Dancer',
        CoachText: 'Teacher',
        CourtText: 'Studio',
        StandardName: 'Grade',
        ServerLocation: 'UK',
        States: [],
        switches: {
          CustomerPortalActive: true,
          AllowStudentEdit: true,
          CanNotifyAbsence: true,
          AllowEdit: true,
          ShowBookingsTab: false,
          ShowFinancialsTab: true,
          ShowPaymentDetailsTab: true,
          AllowOCR: true,
          EnableMessages: true,
          ShowNotificationsTab: true,
          CanTakeNewSignUps: false,
        },
        fin_setup: {
          InvoiceTitle: 'Invoice',
          InvoiceNumberPrefix: 'TDS-',
          ReceiptNumberPrefix: 'TDS-R-',
          TaxName: 'VAT',
          Currency: 'GBP',
          DirectDebitIntegrationType: 'none',
          PaymentType: 'DirectDebitDetails',
        },
        localization: {
          CountryCode: 'GB',
          SuburbLabel: 'Town',
          StateLabel: 'County',
          PostcodeLabel: 'Postcode',
          MobilePhoneLabel: 'Mobile',
          DateFormat: 'dd/MM/yyyy',
          CurrencySymbol: '£',
          PaperSize: 'A4',
          CoachLabel: 'Teacher',
          CourtLabel: 'Studio',
          PhoneCountryCode: '+44',
          TimeZoneRegion: 'Europe',
          TimeZoneCity: 'London',
          AllowStateInRegistration: false,
        },
        global_settings: { OCR_Version: 2, NavBarShading: 'Light', ButtonRadius: 'Sharp', Font: 'Inter', UseLogoImage: false, AlternateCompanyName: 'Thames Dance' },
        colors: PURPLE,
        social_media: [
          { site: 'instagram', link: 'https://www.instagram.com/example.thamesdance' },
          { site: 'tiktok', link: 'https://www.tiktok.com/@example.thamesdance' },
        ],
        profiles: [{ OCRProfileID: 1, ProfileName: 'term-classes', DisplayName: 'Term classes', RegistrationHeader: 'Join a class' }],
      },
    },
    form_configuration: thamesFormConfiguration,
    lists: {
      medical_conditions: [{ name: 'Asthma' }, { name: 'Hypermobility' }, { name: 'Epilepsy' }],
      referral_sources: [{ name: 'Google' }, { name: 'Friend' }, { name: 'Local magazine' }],
      school: [{ name: 'Vineyard Primary' }, { name: 'St Elizabeth’s Primary' }, { name: 'Orleans Park School' }],
      date_ranges: [{ name: 'Autumn term' }, { name: 'Spring term' }, { name: 'Summer term' }],
      standards: [{ name: 'Pre-Primary' }, { name: 'Primary' }, { name: 'Grade 1' }, { name: 'Grade 2' }, { name: 'Grade 3' }],
    },
    venues: [{ key: 'richmond', name: 'Thames Dance Studio – Richmond', address: '14 Hill Rise, Richmond TW10 6UA' }],
    lesson_formats: [{ key: 'class45', name: 'Group class (45 min)', duration_minutes: 45 }],
    agreements: [{ key: 'policies', name: 'Studio policies', text: 'Dancers should arrive ten minutes early in uniform. Term fees are non-refundable.', requires_signature: false }],
    customers: [
      {
        email: 'dancer@example.com',
        password_hash: DEMO_PASSWORD_HASH,
        clients: [
          {
            key: 'grace',
            first_name: 'Grace',
            last_name: 'Thompson',
            phone_mobile: '07700 900123',
            address1: '5 Friars Stile Road',
            suburb: 'Richmond',
            state: 'Surrey',
            postcode: 'TW10 6NH',
            custom_fields: [
              { id: 121, value: 'Tom Thompson 07700 900456' },
              { id: 122, item_id: 2 },
              { id: 123, value: '1' },
              { id: 124, value: 'Y' },
            ],
            students: [
              {
                key: 'amelia',
                first_name: 'Amelia',
                last_name: 'Thompson',
                dob: '2014-07-08',
                gender: 'Female',
                standard: 'Grade 2',
                custom_field_values: [
                  { CustomFieldID: 401, FieldValue: '13' },
                  { CustomFieldID: 402, FieldValue: '3' },
                  { CustomFieldID: 403, FieldValue: '1,3' },
                  { CustomFieldID: 404, FieldValue: 'Y' },
                ],
              },
            ],
            invoices: [
              { invoice_no: 'TDS-0398', invoice_date: 'today-70', payment_date: 'today-56', total_cents: 15600, balance_due_cents: 0, status: 'Paid' },
              { invoice_no: 'TDS-0412', invoice_date: 'today-7', payment_date: 'today+7', total_cents: 15600, balance_due_cents: 15600, status: 'Unpaid' },
            ],
          },
        ],
      },
    ],
    classes: [
      {
        key: 'thu-ballet',
        name: 'Ballet Grade 2 – Thursday',
        lesson_format: 'class45',
        venue: 'richmond',
        court: 'Studio 1',
        day_of_week: 4,
        start_time: '17:00',
        standard: 'Grade 2',
        staff: 'Olivia Hart',
        capacity: 14,
        sessions: { weeks_before: 4, weeks_after: 8 },
        enrolments: [{ student: 'amelia', start_date: 'today-28' }],
      },
    ],
    notifications: [
      { title: 'Show rehearsal', content: 'The summer show dress rehearsal is on Saturday at 10:00 AM.', category: 'news', created_at: 'today-4T11:00', to: 'all' },
      {
        title: 'Invoice TDS-0412 issued',
        content: 'Invoice TDS-0412 for £156.00 is ready under Financials.',
        category: 'invoices',
        created_at: 'today-7T09:00',
        to: ['grace'],
        tag_data: { kind: 'invoice', invoice_no: 'TDS-0412' },
      },
    ],
    messages: [
      { title: 'Summer show tickets', body: 'Tickets for the summer show go on sale on Monday at the front desk.', published_at: 'today-5T10:00' },
      { title: 'Uniform reminder', body: 'Grade 2 dancers need pink ballet tights and a lilac leotard from next week.', published_at: 'today-12T16:00', read_by: ['grace'] },
    ],
  };
}

function closed(): CompanyBundleInput {
  return {
    company: {
      code: 'CLOSED',
      customer_id: 4004,
      company_details_id: 4104,
      trading_name: 'Closed Swim Club',
      config: {
        CompanyDisplayName: 'Closed Swim Club',
        ContactEmail: 'info@closed-swim.example',
        StudentTerm: 'Swimmer',
        ServerLocation: 'AU',
        States: AU_STATES,
        switches: { ...allOn, CustomerPortalActive: false },
        localization: australia('Lane'),
        global_settings: { OCR_Version: 2, UseLogoImage: false, AlternateCompanyName: 'Closed Swim Club' },
        colors: TEAL,
      },
    },
    lists: { standards: [{ name: 'Beginner' }, { name: 'Intermediate' }, { name: 'Advanced' }] },
    venues: [{ key: 'pool', name: 'Closed Swim Club Pool', address: '1 Harbour Street, Sydney NSW 2000' }],
    lesson_formats: [{ key: 'group30', name: 'Group lesson (30 min)', duration_minutes: 30 }],
  };
}

export function demoBundles(): unknown[] {
  return [splash(), ace(), thames(), closed()].map(withDemoBarcodes).map(withDemoContact).map(withDemoBookingsAndFinancials).map(withDemoAgreements).map(withDemoPayments);
}
