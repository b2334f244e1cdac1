import { z } from 'zod';
import { idField, pagedShape } from './api-schemas.ts';

/** Requests and answers of the classes area (D1 §7 paths, decision 023 for what the spec leaves open). */

export const CLASS_SORTS = ['ClassCountAndPrice', 'ClassDayAndTime', 'Venue', 'Staff'] as const;
export type ClassSort = (typeof CLASS_SORTS)[number];

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
/** Start times (HH:mm, from inclusive, to exclusive) of each part of the day. */
export const TIME_OF_DAY_BOUNDS: Record<TimeOfDay, { from: string; to: string; label: string }> = {
  morning: { from: '00:00', to: '12:00', label: 'Morning' },
  afternoon: { from: '12:00', to: '17:00', label: 'Afternoon' },
  evening: { from: '17:00', to: '24:00', label: 'Evening' },
};

export const ENROLMENT_FILTERS = ['current', 'future', 'past'] as const;
export type EnrolmentFilter = (typeof ENROLMENT_FILTERS)[number];

export const ENROLMENT_KINDS = ['ongoing', 'casual', 'temporary'] as const;
export type EnrolmentKind = (typeof ENROLMENT_KINDS)[number];

export const CLASS_PAGE_SIZE = 20;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date yyyy-MM-dd');
const ids = z.array(idField).max(200).default([]);

/** A class's age band as a family reads it: "ages 3 to 5", "ages 7 and over", "ages up to 12". */
export const agesText = (min: number | null | undefined, max: number | null | undefined) =>
  `ages ${min != null && max != null ? `${min} to ${max}` : min != null ? `${min} and over` : `up to ${max}`}`;

/** A child's age in whole years on `today` (both yyyy-MM-dd); null without a date of birth. */
export function ageOn(dob: string | null, today: string): number | null {
  if (!dob) return null;
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whether an age is outside a class's band (an unknown age or band is inside). */
export const outsideAges = (age: number | null | undefined, min: number | null | undefined, max: number | null | undefined) =>
  age != null && ((min != null && age < min) || (max != null && age > max));

export const classMessages = {
  /** A class full when checked for a place: named, since a cart or a registration can hold several. */
  classFull: (name: string) => `${name} is full. Choose another class, or join its waitlist.`,
  /** Named where the child and the class are known: a cart or a registration can hold several of each. */
  alreadyEnrolled: (student?: string | null, className?: string) => (student && className ? `${student} is already enrolled in ${className}.` : 'This student is already enrolled in this class'),
  /** A child whose age on the day is outside the class's band (its search hides it once the child is chosen). */
  outsideAgeRange: (student: string, className: string, age: number, min: number | null, max: number | null) => `${student} is ${age}; ${className} is for ${agesText(min, max)}.`,
  casualNotAllowed: 'Casual enrollments are not available for this class',
  pickDates: 'Choose at least one date',
  dateNotOffered: 'One of the chosen dates is not a session of this class',
  noSessionsLeft: 'This class has no sessions left to enroll in',
  /** Decision 134: a registration profile takes only the classes it offers. */
  classNotOffered: 'This class is not offered in this registration',
  absenceNotAllowed: 'Absences cannot be notified online',
  absenceTooLate: 'It is too late to notify an absence for this session',
  absenceAlready: 'An absence has already been notified for this session',
  notEnrolledInSession: 'This student is not booked into this session',
  sessionNotOpen: 'This session is not running',
  makeupsNotAllowed: 'Make-ups are not available',
  makeupUsed: 'This make-up has already been used',
  makeupExpired: 'This make-up has expired',
  makeupFormat: 'Choose a session of the same lesson format',
  makeupLevel: "This session is for another level. Choose a session of the student's level.",
  sessionFull: 'This session is full',
  waitlistNotFull: 'This class has places free; add it to the cart instead',
  waitlistAlready: 'This student is already on the waitlist for this class',
  absenceSaved: 'Absence notified',
  makeupBooked: 'Make-up booked',
  classChangeOff: 'Changing class online is not available. Please contact us.',
  classChangeNotEnrolled: 'This student is not enrolled in this class for the weeks ahead',
  classChangeNotOffered: 'This student cannot move to that class. Choose one of the classes offered.',
} as const;

/** POST /api/classes: the class search (F9, F10, U6). */
export const classSearchSchema = z.object({
  ocr_profile_id: idField.optional(),
  venues: ids,
  lesson_formats: ids,
  /** Ids of the standards list (get-class-fields). */
  standards: ids,
  days: z.array(z.number().int().min(1).max(7)).max(7).default([]),
  times_of_day: z.array(z.enum(TIMES_OF_DAY)).max(3).default([]),
  /** Classes with a session on or after / on or before. */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  /** The student's age in whole years; classes whose age band excludes it are left out. */
  age: z.number().int().min(0).max(120).optional(),
  sort: z.enum(CLASS_SORTS).default('ClassDayAndTime'),
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(CLASS_PAGE_SIZE),
});
export type ClassSearch = z.input<typeof classSearchSchema>;

export const classSummarySchema = z.object({
  ClassID: z.number(),
  Name: z.string(),
  LessonFormatID: z.number().nullable(),
  LessonFormat: z.string(),
  VenueID: z.number().nullable(),
  Venue: z.string(),
  Court: z.string(),
  Standard: z.string(),
  Staff: z.string(),
  /** ISO day 1–7. */
  Day: z.number(),
  /** HH:mm, 24-hour. */
  Time: z.string(),
  Duration: z.number(),
  Capacity: z.number(),
  /** Students in the class; make-ups counted when IncludeTemporaryEnrolmentsInCount (F15). */
  ClassCount: z.number(),
  PlacesLeft: z.number(),
  IsFull: z.boolean(),
  MinAge: z.number().nullable(),
  MaxAge: z.number().nullable(),
  /** Per session, in cents. */
  Price: z.number(),
  CasualPrice: z.number().nullable(),
  /** Upcoming session dates (yyyy-MM-dd) still to run. */
  dates: z.array(z.string()),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

export const classSearchAnswerSchema = z.object({ ...pagedShape, total: z.number(), classes: z.array(classSummarySchema) });
export type ClassSearchAnswer = z.infer<typeof classSearchAnswerSchema>;

const option = z.object({ id: z.number(), name: z.string() });
/** GET /api/classes/get-class-fields: what the filter form offers. */
export const classFieldsAnswerSchema = z.object({
  venues: z.array(option),
  lesson_formats: z.array(option),
  standards: z.array(option),
  days: z.array(option),
  times_of_day: z.array(z.object({ id: z.enum(TIMES_OF_DAY), name: z.string() })),
  sorts: z.array(z.enum(CLASS_SORTS)),
  AllowCasualEnrolments: z.boolean(),
  IncludeTemporaryEnrolmentsInCount: z.boolean(),
});
export type ClassFieldsAnswer = z.infer<typeof classFieldsAnswerSchema>;
export const classFieldsQuerySchema = z.object({ ocr_profile_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });

export const ocrProfileDetailSchema = z.object({
  OCRProfileID: z.number(),
  ProfileName: z.string(),
  DisplayName: z.string(),
  PageType: z.string(),
  CustomCustomerTerm: z.string(),
  CustomStudentTerm: z.string(),
  SkipStudents: z.boolean(),
  AutoEnroll: z.boolean(),
  AllowCasualEnrolments: z.boolean(),
  ShowCAPTCHA: z.boolean(),
  /** X10: the profile's own defaults for its forms; empty or null leaves the company's. */
  DefaultState: z.string(),
  CanSelectCustomMedicalCondition: z.boolean().nullable(),
  /** The e-mail marketing question with the company's name in place; empty when not asked (N26). */
  EmailMarketingAgreement: z.string(),
  RegistrationHeader: z.string(),
  RegistrationText: z.string(),
  /** N6: the side panel's picture (a URL or a `data:` URL); null for none. */
  registrationImage: z.string().nullable(),
  /** When registration under the profile opens (an ISO instant); null when it is open. */
  OpensAt: z.string().nullable(),
});
export const ocrProfileAnswerSchema = z.object({ success: z.literal(true), profile: ocrProfileDetailSchema });
export type OcrProfileAnswer = z.infer<typeof ocrProfileAnswerSchema>;

/** POST /api/ocr/get-students-enrolled-in-class (F12). */
export const studentsEnrolledRequestSchema = z.object({ client_id: idField, class_id: idField });
export const studentsEnrolledAnswerSchema = z.object({ students: z.array(z.object({ StudentID: z.number(), FirstName: z.string(), LastName: z.string() })) });
export type StudentsEnrolledAnswer = z.infer<typeof studentsEnrolledAnswerSchema>;

/** POST /api/classes/validate-class-item: what the add-to-cart modal checks before it adds (F11, F13). */
export const classItemSchema = z.object({
  class_id: idField,
  student_id: idField,
  kind: z.enum(['ongoing', 'casual']).default('ongoing'),
  /** For a casual enrolment: the one session date. Ongoing: ignored (the rest of the term). */
  dates: z.array(isoDate).max(60).default([]),
});
export type ClassItemInput = z.input<typeof classItemSchema>;
export const classItemAnswerSchema = z.object({
  success: z.literal(true),
  item: z.object({
    ClassID: z.number(),
    StudentID: z.number(),
    kind: z.enum(['ongoing', 'casual']),
    Name: z.string(),
    dates: z.array(z.string()),
    /** Per session, cents. */
    unit_price: z.number(),
    PlacesLeft: z.number(),
  }),
});
export type ClassItemAnswer = z.infer<typeof classItemAnswerSchema>;

/** GET /api/classes/get-student-enrollments (F3). */
export const enrolmentsQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  filter: z.enum(ENROLMENT_FILTERS).default('current'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
/** Where and when a class runs, as the enrolment lists and the class change show it. */
const classPlaceFields = {
  LessonFormat: z.string(),
  Venue: z.string(),
  Court: z.string(),
  Staff: z.string(),
  Day: z.number(),
  Time: z.string(),
  Duration: z.number(),
};
export const enrolmentSchema = z.object({
  EnrolmentID: z.number(),
  ClassID: z.number(),
  StudentID: z.number(),
  ClassName: z.string(),
  ...classPlaceFields,
  StartDate: z.string(),
  EndDate: z.string().nullable(),
  Type: z.enum(ENROLMENT_KINDS),
  next_session: z.string().nullable(),
  /** The family has notified that the student will miss the next session. */
  next_absent: z.boolean(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;
export const enrolmentsPageSchema = z.object({ ...pagedShape, enrollments: z.array(enrolmentSchema) });
export type EnrolmentsPage = z.infer<typeof enrolmentsPageSchema>;

// Sessions, absences and make-ups: attendance-schemas.ts.
export * from './attendance-schemas.ts';

/** Waitlist (beyond the spec). */
export const joinWaitlistSchema = z.object({ class_id: idField, student_id: idField });
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistSchema>;
export const leaveWaitlistSchema = z.object({ waitlist_id: idField });
export const waitlistEntrySchema = z.object({
  WaitlistID: z.number(),
  ClassID: z.number(),
  ClassName: z.string(),
  StudentID: z.number(),
  StudentName: z.string(),
  /** 1 = next in line. */
  Position: z.number(),
  Status: z.enum(['waiting', 'offered']),
  /** While offered: when the held place passes on (ISO, UTC). */
  OfferExpiresAt: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistAnswerSchema = z.object({ entries: z.array(waitlistEntrySchema) });
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>;

/** Calendar feed (beyond the spec): the secret URL is shown once, when made. */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), created_at: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
export const calendarFeedCreatedSchema = z.object({ active: z.literal(true), created_at: z.string(), url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
/** Anything else than a token the portal made is simply not found. */
export const calendarFeedParamsSchema = z.object({ token: z.string().max(200) });
export const CALENDAR_TOKEN_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

/** GET /api/classes/get-students: the signed-in client's students the classes pages offer (name, age for the search, the classes each is in). */
export const classStudentsAnswerSchema = z.object({
  // ClassIDs: the classes the student has a term place in (now, or starting later).
  students: z.array(z.object({ StudentID: z.number(), FirstName: z.string(), LastName: z.string(), DOB: z.string().nullable(), Age: z.number().nullable(), ClassIDs: z.array(z.number()) })),
});
export type ClassStudentsAnswer = z.infer<typeof classStudentsAnswerSchema>;

/** GET /api/classes/change-options (query as get-class-sessions): where a student may move from a class (issue 22 §5, decision 096). */
export const classChangeOptionSchema = z.object({
  ClassID: z.number(),
  Name: z.string(),
  ...classPlaceFields,
  PlacesLeft: z.number(),
  /** The first session in the new class: the move takes effect from it. */
  StartDate: z.string(),
  /** Sessions in the new class from StartDate. */
  Sessions: z.number(),
  UnitPriceCents: z.number(),
  /** Sessions of the present class from StartDate on, given up. */
  SessionsGivenUp: z.number(),
  /** What the new sessions cost less what the given-up ones did, tax as prices show it: above 0 is to pay, below 0 a credit. */
  PriceDifferenceCents: z.number(),
});
export type ClassChangeOption = z.infer<typeof classChangeOptionSchema>;
export const classChangeOptionsAnswerSchema = z.object({
  from: z.object({ ClassID: z.number(), Name: z.string(), UnitPriceCents: z.number() }),
  options: z.array(classChangeOptionSchema),
  NoticeHours: z.number(),
});
export type ClassChangeOptionsAnswer = z.infer<typeof classChangeOptionsAnswerSchema>;

/** POST /api/classes/change-class. */
export const classChangeRequestSchema = z.object({ student_id: idField, from_class_id: idField, to_class_id: idField });
export const classChangeAnswerSchema = z.object({
  success: z.literal(true),
  ClassID: z.number(),
  Name: z.string(),
  StartDate: z.string(),
  /** To pay for the move (on `invoiceNo`), or 0. */
  ChargeCents: z.number(),
  /** Given as a customer credit for the next payment, or 0. */
  CreditCents: z.number(),
  invoiceNo: z.string().nullable(),
  /** The same move asked again (a lost answer): already made, nothing charged or credited twice. */
  replayed: z.boolean(),
  /** Make-ups booked into the new class from the move on, given back as credits (yyyy-MM-dd); none said again on a replay. */
  MakeupsGivenBack: z.array(z.string()),
});
export type ClassChangeAnswer = z.infer<typeof classChangeAnswerSchema>;
