import { z } from 'zod';
import { pagedShape } from './api-schemas.ts';
import { listItemSchema } from './company-config.ts';
import { GENDER_TYPES } from './form-engine/form-types.ts';

/**
 * The student calls (R30–R38, E29): the record with the second spec's field names, its booked
 * classes, pictures, skill sets and certificates.
 */

/** Students per page of get-all when the caller does not say (U28). */
export const STUDENTS_PAGE_SIZE = 20;

/** The picture a browser uploads (T8): at most this many bytes and pixels a side after compression. */
export const PICTURE_MAX_BYTES = 209_715;
export const PICTURE_MAX_SIDE = 220;
export const PICTURE_FILE_NAME = 'compressed_image.jpg';
/** What the server accepts before re-encoding: a little over the browser's limit, for other clients. */
export const PICTURE_UPLOAD_LIMIT = 1_048_576;

export const customFieldValueSchema = z.object({
  CustomFieldID: z.number().int(),
  CustomFieldItemID: z.number().int().nullable(),
  FieldValue: z.string().nullable(),
});

export const sessionDateSchema = z.object({ SessionID: z.number().int(), Date: z.string(), Status: z.enum(['scheduled', 'cancelled']) });

/** A class the student is enrolled in (E27): its name, format, time, venue and coming dates. */
export const bookedClassSchema = z.object({
  ClassID: z.number().int(),
  OCRName: z.string(),
  LessonFormat: z.object({ LessonFormatID: z.number().int(), Name: z.string() }).nullable(),
  /** 1 Monday … 7 Sunday (U17). */
  DayOfWeek: z.number().int(),
  /** HH:mm, company time. */
  Time: z.string(),
  DurationMinutes: z.number().int(),
  Venue: z.object({ VenueID: z.number().int(), Name: z.string() }).nullable(),
  Court: z.string(),
  StartDate: z.string(),
  EndDate: z.string().nullable(),
  /** A place for the term (not one session): the kind a family can move to another class (decision 096). */
  Ongoing: z.boolean(),
  /** The place's kind: for the term, one casual session, or a make-up (a session in place of one missed). */
  Kind: z.enum(['ongoing', 'casual', 'temporary']),
  /** `Absent`: an absence was notified for it (a make-up's one session included). */
  next_session: z.object({ SessionID: z.number().int(), Date: z.string(), Absent: z.boolean() }).nullable(),
  /** The enrolment's sessions from today on, cancelled ones marked. */
  dates: z.array(sessionDateSchema),
});
export type BookedClass = z.infer<typeof bookedClassSchema>;

const studentFields = {
  StudentID: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  /** Assigned by the company; null until then (the form shows "TBD"). */
  RegID: z.string().nullable(),
  DOB: z.string().nullable(),
  GenderType: z.enum(GENDER_TYPES).nullable(),
  GenderOther: z.string().nullable(),
  /** The first letter of GenderType (S30). */
  Gender: z.enum(['M', 'F', 'N', 'O']).nullable(),
  /** The level's name (StandardName labels it). */
  Standard: z.string(),
  profile_picture: z.string().nullable(),
};

export const studentSummarySchema = z.object(studentFields);
export type StudentSummary = z.infer<typeof studentSummarySchema>;

export const studentRecordSchema = z.object({
  ...studentFields,
  PhoneMobile: z.string().nullable(),
  Email: z.string().nullable(),
  AddrSameAsClient: z.boolean(),
  Address1: z.string().nullable(),
  Address2: z.string().nullable(),
  Suburb: z.string().nullable(),
  State: z.string().nullable(),
  Postcode: z.string().nullable(),
  /** Where the student lives: the account's address while AddrSameAsClient. */
  Location: z.object({ Suburb: z.string().nullable(), State: z.string().nullable(), Postcode: z.string().nullable() }).nullable(),
  StandardID: z.number().int().nullable(),
  MedicalConditionIDs: z.string().nullable(),
  AdditionalMedicalConditions: z.string().nullable(),
  ReferralSourceID: z.number().int().nullable(),
  SchoolID: z.number().int().nullable(),
  VenueID: z.number().int().nullable(),
  Notes: z.string().nullable(),
  PendingDays: z.string().nullable(),
  custom_field_values: z.array(customFieldValueSchema),
  bookedClasses: z.array(bookedClassSchema),
  /** The version of the details (decision 145): a save names it in If-Match. */
  Version: z.number().int(),
});
export type StudentRecord = z.infer<typeof studentRecordSchema>;

export const studentListAnswerSchema = z.object({ ...pagedShape, total_count: z.number().int(), students: z.array(studentSummarySchema) });
export type StudentListAnswer = z.infer<typeof studentListAnswerSchema>;

export const studentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STUDENTS_PAGE_SIZE),
});

/** R34, E9: `newMedicalCondition` is the condition typed in this save, added to the company's medical-condition list (decision 065). */
export const addStudentAnswerSchema = z.object({ success: z.literal(true), message: z.string(), student: studentRecordSchema, newMedicalCondition: listItemSchema.optional() });
export const updateStudentAnswerSchema = z.object({ success: z.literal(true), message: z.string(), updatedStudent: studentRecordSchema, newMedicalCondition: listItemSchema.optional() });
export type AddStudentAnswer = z.infer<typeof addStudentAnswerSchema>;
export type UpdateStudentAnswer = z.infer<typeof updateStudentAnswerSchema>;

export const pictureAnswerSchema = z.object({ success: z.literal(true), profile_picture: z.string().nullable() });
export type PictureAnswer = z.infer<typeof pictureAnswerSchema>;

/** get-image takes the reference a record's profile_picture holds; it is never fetched as a URL. */
export const getImageBodySchema = z.object({ url: z.string().min(1).max(300) });
export const imageAnswerSchema = z.object({ content_type: z.literal('image/jpeg'), image: z.string() });
export type ImageAnswer = z.infer<typeof imageAnswerSchema>;

export const skillSetsAnswerSchema = z.object({
  skill_sets: z.array(
    z.object({
      SkillSetID: z.number().int(),
      Name: z.string(),
      /** Present only when the company shows skill-set notes (ShowSkillSetNotes). */
      Notes: z.string().nullable(),
      skills: z.array(z.object({ Name: z.string(), Achieved: z.boolean(), AchievedDate: z.string().nullable() })),
    }),
  ),
});
export type SkillSetsAnswer = z.infer<typeof skillSetsAnswerSchema>;

export const certificatesAnswerSchema = z.object({
  certificates: z.array(z.object({ CertificateID: z.number().int(), Name: z.string(), IssuedDate: z.string(), Description: z.string() })),
});
export type CertificatesAnswer = z.infer<typeof certificatesAnswerSchema>;

/**
 * What the student pages say (D2 §8; the add, picture and limit texts are ours). The student word
 * is the company's StudentTerm wherever it appears (C8): E9's "Student updated" is the default's.
 */
export const studentMessages = {
  updated: (term: string) => `${term} updated`,
  added: (term: string) => `${term} added`,
  editNotAllowed: 'Changes to student details are made by the office. Please contact us to update them.',
  pictureTooLarge: 'The picture is too large. Please choose one under 1 MB.',
  pictureNotAnImage: 'This file is not a picture. Please choose a JPEG, PNG or WebP image.',
  pictureMissing: 'Please choose a picture to upload.',
  pictureUnreadable: 'The picture could not be read. Please choose another one.',
  pictureTooManyPixels: 'The picture is too large to process. Please choose a smaller one.',
  pictureUpdated: 'Picture updated',
  pictureDeleted: 'Picture removed',
  deletePictureConfirm: 'Remove this picture?',
} as const;
