import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALENDAR_TOKEN_PATTERN } from '@portal/shared/class-schemas';
import { classEndpoints as endpoints } from '@portal/shared/endpoints/classes';
import { serverMessages } from '@portal/shared/messages';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { publicOrigin } from '../../config/env.ts';
import { findCompanyById } from '../company/company.api.ts';
import { absenceReasons, bookMakeup, cancelMakeup, listMakeups, makeupSessions, notifyAbsence, studentSessions, withdrawAbsence } from './attendance.service.ts';
import { calendarFeedStatus, createCalendarFeed, renderCalendarFeed, revokeCalendarFeed } from './calendar.service.ts';
import { cachedClassSearch, classFields, clientStudents, ocrProfile, studentsEnrolledInClass } from './class-search.service.ts';
import { listStudentEnrolments, validateClassItem } from './enrolments.service.ts';
import { joinWaitlist, leaveWaitlist, listWaitlist } from './waitlist.service.ts';

const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export async function classesRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  const searchClasses = cachedClassSearch(base.env.CLASS_SEARCH_CACHE_MS);

  route(app, base, endpoints.search, async ({ ctx, body }) => {
    const { rows, total } = await searchClasses(ctx, ctx.company, body);
    return { current_page: body.page, total_pages: totalPages(total, body.limit), total, classes: rows };
  });

  route(app, base, endpoints.fields, ({ ctx, query }) => classFields(ctx, ctx.company, query.ocr_profile_id));

  route(app, base, endpoints.ocrProfile, ({ ctx, params }) => ({ success: true as const, profile: ocrProfile(ctx.company, params.id) }));

  route(app, base, endpoints.studentsEnrolled, async ({ ctx, body }) => ({
    students: await studentsEnrolledInClass(ctx, ctx.company, ctx.clientId, body.client_id, body.class_id),
  }));

  route(app, base, endpoints.validateItem, async ({ ctx, body }) => {
    const v = await validateClassItem(ctx, ctx.company, ctx.clientId, body);
    return {
      success: true as const,
      item: { ClassID: v.ClassID, StudentID: v.StudentID, kind: v.kind, Name: v.Name, dates: v.dates, unit_price: v.unit_price, PlacesLeft: v.PlacesLeft },
    };
  });

  route(app, base, endpoints.students, async ({ ctx }) => ({ students: await clientStudents(ctx, ctx.company, ctx.clientId) }));

  route(app, base, endpoints.enrolments, async ({ ctx, query }) => {
    const { rows, total } = await listStudentEnrolments(ctx, ctx.company, ctx.clientId, query);
    return {
      current_page: query.page,
      total_pages: totalPages(total, query.limit),
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
        next_absent: e.next_absent,
      })),
    };
  });

  route(app, base, endpoints.sessions, ({ ctx, query }) => studentSessions(ctx, ctx.company, ctx.clientId, query.class_id, query.student_id));

  route(app, base, endpoints.absenceReasons, ({ ctx, query }) => absenceReasons(ctx, ctx.company, ctx.clientId, query));

  route(app, base, endpoints.notifyAbsence, ({ ctx, body }) => notifyAbsence(ctx, ctx.company, ctx.clientId, body));

  route(app, base, endpoints.makeups, async ({ ctx }) => ({ makeups: await listMakeups(ctx, ctx.company, ctx.clientId) }));

  route(app, base, endpoints.makeupSessions, async ({ ctx, query }) => ({ sessions: await makeupSessions(ctx, ctx.company, ctx.clientId, query.makeup_id) }));

  route(app, base, endpoints.bookMakeup, ({ ctx, body }) => bookMakeup(ctx, ctx.company, ctx.clientId, body));
  route(app, base, endpoints.withdrawAbsence, ({ ctx, body }) => withdrawAbsence(ctx, ctx.company, ctx.clientId, body));
  route(app, base, endpoints.cancelMakeup, ({ ctx, body }) => cancelMakeup(ctx, ctx.company, ctx.clientId, body));

  route(app, base, endpoints.waitlist, async ({ ctx }) => ({ entries: await listWaitlist(ctx, ctx.company, ctx.clientId) }));

  route(app, base, endpoints.joinWaitlist, async ({ ctx, body }) => ({ entries: await joinWaitlist(ctx, ctx.company, ctx.clientId, body) }));

  route(app, base, endpoints.leaveWaitlist, async ({ ctx, body }) => ({ entries: await leaveWaitlist(ctx, ctx.company, ctx.clientId, body.waitlist_id) }));

  route(app, base, endpoints.calendarFeed, ({ ctx }) => calendarFeedStatus(ctx, ctx.company, ctx.clientId));

  // Every link a family receives is built from the configured origin, never from the request's Host.
  route(app, base, endpoints.createCalendarFeed, ({ ctx }) => createCalendarFeed(ctx, ctx.company, ctx.clientId, publicOrigin(ctx.env)));

  route(app, base, endpoints.revokeCalendarFeed, ({ ctx }) => revokeCalendarFeed(ctx, ctx.company, ctx.clientId));

  // The feed is fetched by calendar apps, which carry no cookie: the secret in the URL is the key.
  route(
    app,
    base,
    endpoints.calendar,
    async ({ ctx, params, reply }) => {
      const token = CALENDAR_TOKEN_PATTERN.exec(params.token)?.[1];
      const text = token === undefined ? undefined : await renderCalendarFeed(ctx, token, (id) => findCompanyById(ctx, id));
      if (text === undefined) throw new AppError(404, 'NOT_FOUND', serverMessages.notFound);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
    },
    { responses: { 200: { description: 'The iCalendar feed', content: { 'text/calendar': { schema: z.string() } } } } },
  );
}
