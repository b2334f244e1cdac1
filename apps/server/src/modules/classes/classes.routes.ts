import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  absenceReasonsAnswerSchema,
  absenceReasonsQuerySchema,
  bookMakeupAnswerSchema,
  bookMakeupSchema,
  calendarFeedCreatedSchema,
  calendarFeedParamsSchema,
  CALENDAR_TOKEN_PATTERN,
  calendarFeedStatusSchema,
  classFieldsAnswerSchema,
  classFieldsQuerySchema,
  classItemAnswerSchema,
  classItemSchema,
  classSearchAnswerSchema,
  classStudentsAnswerSchema,
  classSearchSchema,
  classSessionsAnswerSchema,
  classSessionsQuerySchema,
  enrolmentsPageSchema,
  enrolmentsQuerySchema,
  joinWaitlistSchema,
  leaveWaitlistSchema,
  makeupsAnswerSchema,
  makeupSessionsAnswerSchema,
  makeupSessionsQuerySchema,
  notifyAbsenceAnswerSchema,
  notifyAbsenceSchema,
  ocrProfileAnswerSchema,
  studentsEnrolledAnswerSchema,
  studentsEnrolledRequestSchema,
  waitlistAnswerSchema,
} from '@portal/shared/class-schemas';
import { serverMessages } from '@portal/shared/messages';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, idParam, typed } from '../../lib/http.ts';
import { requireCompany, requireCustomer } from '../../plugins/auth.ts';
import { findCompanyById } from '../company/company.api.ts';
import { absenceReasons, bookMakeup, listMakeups, makeupSessions, notifyAbsence, studentSessions } from './attendance.service.ts';
import { calendarFeedStatus, createCalendarFeed, renderCalendarFeed, revokeCalendarFeed } from './calendar.service.ts';
import { cachedClassSearch, classFields, clientStudents, ocrProfile, studentsEnrolledInClass } from './class-search.service.ts';
import { listStudentEnrolments, validateClassItem } from './enrolments.service.ts';
import { joinWaitlist, leaveWaitlist, listWaitlist } from './waitlist.service.ts';

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
const tags = ['classes'];

export async function classesRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const searchClasses = cachedClassSearch(ctx.env.CLASS_SEARCH_CACHE_MS);

  r.post(
    '/api/classes',
    { config: { auth: 'company' }, schema: { tags, body: classSearchSchema, response: { 200: classSearchAnswerSchema, ...errorResponses } } },
    async (req) => {
      const company = requireCompany(req);
      const { rows, total } = await searchClasses(ctx, company, req.body);
      return { current_page: req.body.page, total_pages: totalPages(total, req.body.limit), total, classes: rows };
    },
  );

  r.get(
    '/api/classes/get-class-fields',
    { config: { auth: 'company' }, schema: { tags, querystring: classFieldsQuerySchema, response: { 200: classFieldsAnswerSchema, ...errorResponses } } },
    async (req) => classFields(ctx, requireCompany(req), req.query.ocr_profile_id),
  );

  r.get(
    '/api/classes/ocr-profiles/:id',
    { config: { auth: 'company' }, schema: { tags, params: z.object({ id: idParam }), response: { 200: ocrProfileAnswerSchema, ...errorResponses } } },
    async (req) => ({ success: true as const, profile: ocrProfile(requireCompany(req), req.params.id) }),
  );

  r.post(
    '/api/ocr/get-students-enrolled-in-class',
    { config: { auth: 'customer' }, schema: { tags, body: studentsEnrolledRequestSchema, response: { 200: studentsEnrolledAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { students: await studentsEnrolledInClass(ctx, company, clientId, req.body.client_id, req.body.class_id) };
    },
  );

  r.post(
    '/api/classes/validate-class-item',
    {
      config: { auth: 'customer' },
      schema: { tags, body: classItemSchema.extend({ ocr_profile_id: idParam.optional() }), response: { 200: classItemAnswerSchema, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const v = await validateClassItem(ctx.db, company, clientId, req.body);
      return {
        success: true as const,
        item: { ClassID: v.ClassID, StudentID: v.StudentID, kind: v.kind, Name: v.Name, dates: v.dates, unit_price: v.unit_price, PlacesLeft: v.PlacesLeft },
      };
    },
  );

  r.get(
    '/api/classes/get-students',
    { config: { auth: 'customer' }, schema: { tags, response: { 200: classStudentsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { students: await clientStudents(ctx, company, clientId) };
    },
  );

  r.get(
    '/api/classes/get-student-enrollments',
    { config: { auth: 'customer' }, schema: { tags, querystring: enrolmentsQuerySchema, response: { 200: enrolmentsPageSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const { rows, total } = await listStudentEnrolments(ctx, company, clientId, req.query);
      return {
        current_page: req.query.page,
        total_pages: totalPages(total, req.query.limit),
        enrollments: rows.map((e) => ({
          EnrolmentID: e.id,
          ClassID: e.class_id,
          StudentID: e.student_id,
          ClassName: e.name,
          LessonFormat: e.lesson_format ?? '',
          Venue: e.venue ?? '',
          Court: e.court,
          Staff: e.staff,
          Day: e.day_of_week,
          Time: e.start_time,
          Duration: e.duration_minutes,
          StartDate: e.start_date,
          EndDate: e.end_date,
          Type: e.kind,
          next_session: e.next_session ?? null,
        })),
      };
    },
  );

  r.get(
    '/api/classes/get-class-sessions',
    { config: { auth: 'customer' }, schema: { tags, querystring: classSessionsQuerySchema, response: { 200: classSessionsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return studentSessions(ctx, company, clientId, req.query.class_id, req.query.student_id);
    },
  );

  r.get(
    '/api/classes/get-absence-reasons',
    { config: { auth: 'customer' }, schema: { tags, querystring: absenceReasonsQuerySchema, response: { 200: absenceReasonsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return absenceReasons(ctx, company, clientId, req.query.session_id);
    },
  );

  r.post(
    '/api/classes/notify-absence',
    { config: { auth: 'customer' }, schema: { tags, body: notifyAbsenceSchema, response: { 200: notifyAbsenceAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return notifyAbsence(ctx, company, clientId, req.body);
    },
  );

  r.get(
    '/api/classes/get-makeups',
    { config: { auth: 'customer' }, schema: { tags, response: { 200: makeupsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { makeups: await listMakeups(ctx, company, clientId) };
    },
  );

  r.get(
    '/api/classes/get-makeup-sessions',
    { config: { auth: 'customer' }, schema: { tags, querystring: makeupSessionsQuerySchema, response: { 200: makeupSessionsAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { sessions: await makeupSessions(ctx, company, clientId, req.query.makeup_id) };
    },
  );

  r.post(
    '/api/classes/book-makeup',
    { config: { auth: 'customer' }, schema: { tags, body: bookMakeupSchema, response: { 200: bookMakeupAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return bookMakeup(ctx, company, clientId, req.body);
    },
  );

  r.get(
    '/api/classes/get-waitlist',
    { config: { auth: 'customer' }, schema: { tags, response: { 200: waitlistAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { entries: await listWaitlist(ctx, company, clientId) };
    },
  );

  r.post(
    '/api/classes/join-waitlist',
    { config: { auth: 'customer' }, schema: { tags, body: joinWaitlistSchema, response: { 200: waitlistAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { entries: await joinWaitlist(ctx, company, clientId, req.body) };
    },
  );

  r.post(
    '/api/classes/leave-waitlist',
    { config: { auth: 'customer' }, schema: { tags, body: leaveWaitlistSchema, response: { 200: waitlistAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { entries: await leaveWaitlist(ctx, company, clientId, req.body.waitlist_id) };
    },
  );

  r.get(
    '/api/classes/calendar-feed',
    { config: { auth: 'customer' }, schema: { tags, response: { 200: calendarFeedStatusSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return calendarFeedStatus(ctx, company, clientId);
    },
  );

  r.post(
    '/api/classes/calendar-feed',
    { config: { auth: 'customer' }, schema: { tags, response: { 200: calendarFeedCreatedSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const origin = ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
      return createCalendarFeed(ctx, company, clientId, origin.replace(/\/$/, ''));
    },
  );

  r.delete(
    '/api/classes/calendar-feed',
    { config: { auth: 'customer' }, schema: { tags, response: { 200: calendarFeedStatusSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return revokeCalendarFeed(ctx, company, clientId);
    },
  );

  // The feed is fetched by calendar apps, which carry no cookie: the secret in the URL is the key.
  r.get(
    '/api/classes/calendar/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        params: calendarFeedParamsSchema,
        response: { 200: { description: 'The iCalendar feed', content: { 'text/calendar': { schema: z.string() } } }, ...errorResponses },
      },
    },
    async (req, reply) => {
      const token = CALENDAR_TOKEN_PATTERN.exec(req.params.token)?.[1];
      const text = token === undefined ? undefined : await renderCalendarFeed(ctx, token, (id) => findCompanyById(ctx, id));
      if (text === undefined) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
    },
  );
}
