/**
 * Every class query's key starts here: a change to a student's classes (an absence told, a make-up
 * booked) reads all of them again, enrolments, sessions, make-ups and the waitlist alike.
 */
export const classesKey = ['classes'] as const;
