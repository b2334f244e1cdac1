import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { PICTURE_UPLOAD_LIMIT, studentMessages } from '@portal/shared/student-schemas';
import { apiErrorSchema, versionOfIfMatch } from '@portal/shared/api-schemas';
import { studentEndpoints as endpoints } from '@portal/shared/endpoints/students';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/endpoint-route.ts';
import { errorResponses, matchesEtag } from '../../lib/http.ts';
import * as service from './student.service.ts';

/** Room for the multipart framing around the largest picture accepted. */
const UPLOAD_BODY_LIMIT = PICTURE_UPLOAD_LIMIT + 16_384;

const tooLarge = () => new AppError(413, 'TOO_LARGE', studentMessages.pictureTooLarge);
const noPicture = () => new AppError(400, 'NO_FILE', studentMessages.pictureMissing);

/** The company's word for a student (C8), as the portal writes it. */
const studentWord = (company: Company) => company.settings.StudentTerm.trim() || 'Student';

/** A picture's ETag: its version, which changes with its bytes. */
const pictureEtag = (version: string) => `"${version}"`;

/** Private to the signed-in customer; revalidated by ETag, so a changed picture is never shown stale. */
function cacheHeaders(reply: FastifyReply, version: string) {
  return reply.header('etag', pictureEtag(version)).header('cache-control', 'private, no-cache');
}

export async function studentRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  // Only the picture upload takes multipart, and only this plugin's routes see its parser. The
  // picture is read into memory up to its limit; a stream that runs over is cut off there.
  await app.register(fastifyMultipart, { limits: { fileSize: PICTURE_UPLOAD_LIMIT, files: 1, fields: 10, fieldSize: 1024 } });

  route(app, base, endpoints.list, async ({ ctx, query: { page, limit } }) => {
    const { rows, total } = await service.listStudentsOfClient(ctx, ctx.company.id, ctx.clientId, { limit, offset: (page - 1) * limit });
    return { current_page: page, total_pages: Math.max(1, Math.ceil(total / limit)), total_count: total, students: rows.map(service.toSummary) };
  });

  route(app, base, endpoints.get, ({ ctx, params }) => service.getStudentRecord(ctx, ctx.company, ctx.clientId, params.id));

  route(app, base, endpoints.add, async ({ ctx, body }) => {
    const added = await service.addStudent(ctx, ctx.company, ctx.clientId, body);
    return { success: true as const, message: studentMessages.added(studentWord(ctx.company)), ...added };
  });

  route(
    app,
    base,
    endpoints.update,
    async ({ ctx, params, body, headers }) => {
      const saved = await service.updateStudent(ctx, ctx.company, ctx.clientId, params.id, body, versionOfIfMatch(headers['if-match']));
      return { success: true as const, message: studentMessages.updated(studentWord(ctx.company)), ...saved };
    },
    // Saved from a version that has moved on (decision 145).
    { responses: { 412: apiErrorSchema } },
  );

  route(app, base, endpoints.skillSets, async ({ ctx, params }) => ({ skill_sets: await service.listSkillSets(ctx, ctx.company, ctx.clientId, params.id) }));

  route(app, base, endpoints.certificates, async ({ ctx, params }) => ({ certificates: await service.listCertificates(ctx, ctx.company, ctx.clientId, params.id) }));

  route(
    app,
    base,
    endpoints.uploadPicture,
    async ({ ctx, params, req }) => {
      let data: Buffer | undefined;
      try {
        data = await (await req.file())?.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        // A body that is not a readable form (no boundary, cut short) holds no picture either.
        throw noPicture();
      }
      if (!data || data.length === 0) throw noPicture();
      const url = await service.updatePicture(ctx, ctx.company, ctx.clientId, params.id, data);
      return { success: true as const, profile_picture: url };
    },
    {
      config: { upload: true },
      // A declared length over the limit is refused before a byte is read.
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > UPLOAD_BODY_LIMIT) throw tooLarge();
      },
      consumes: ['multipart/form-data'],
      responses: { 413: errorResponses[400] },
    },
  );

  route(app, base, endpoints.deletePicture, async ({ ctx, params }) => {
    await service.deletePicture(ctx, ctx.company, ctx.clientId, params.id);
    return { success: true as const };
  });

  route(
    app,
    base,
    endpoints.image,
    async ({ ctx, body, req, reply }) => {
      const picture = await service.findPictureByUrl(ctx, ctx.company.id, ctx.clientId, body.url);
      cacheHeaders(reply, picture.version);
      if (matchesEtag(req.headers['if-none-match'], pictureEtag(picture.version))) return reply.code(304).send();
      return { content_type: 'image/jpeg' as const, image: `data:image/jpeg;base64,${picture.image.toString('base64')}` };
    },
    { responses: { 304: z.null() } },
  );

  route(
    app,
    base,
    endpoints.picture,
    async ({ ctx, params, query, req, reply }) => {
      const picture = await service.findPicture(ctx, ctx.company.id, ctx.clientId, params.id);
      reply.header('etag', pictureEtag(picture.version));
      // A URL with the current version never changes: the browser may keep it; any other is revalidated.
      reply.header('cache-control', query.v === picture.version ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      if (matchesEtag(req.headers['if-none-match'], pictureEtag(picture.version))) return reply.code(304).send(null);
      return reply.type('image/jpeg').send(picture.image);
    },
    { responses: { 200: { description: 'The picture', content: { 'image/jpeg': { schema: z.string().describe('JPEG bytes') } } }, 304: z.null() } },
  );
}
