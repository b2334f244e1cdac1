import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { successSchema } from '@portal/shared/api-schemas';
import {
  addStudentAnswerSchema,
  certificatesAnswerSchema,
  getImageBodySchema,
  imageAnswerSchema,
  PICTURE_UPLOAD_LIMIT,
  pictureAnswerSchema,
  skillSetsAnswerSchema,
  studentListAnswerSchema,
  studentListQuerySchema,
  studentMessages,
  studentRecordSchema,
  updateStudentAnswerSchema,
} from '@portal/shared/student-schemas';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses, idParam, matchesEtag, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import * as service from './student.service.ts';

const params = z.object({ id: idParam });
/** Room for the multipart framing around the largest picture accepted. */
const UPLOAD_BODY_LIMIT = PICTURE_UPLOAD_LIMIT + 16_384;

const tooLarge = () => new AppError(413, 'TOO_LARGE', studentMessages.pictureTooLarge);
const notAnImage = () => new AppError(400, 'NO_FILE', studentMessages.pictureNotAnImage);

/** A picture's ETag: its version, which changes with its bytes. */
const pictureEtag = (version: string) => `"${version}"`;

export async function studentRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  // Only the picture upload takes multipart, and only this plugin's routes see its parser. The
  // picture is read into memory up to its limit; a stream that runs over is cut off there.
  await app.register(fastifyMultipart, { limits: { fileSize: PICTURE_UPLOAD_LIMIT, files: 1, fields: 10, fieldSize: 1024 } });

  const customer = { config: { auth: 'customer' as const } };
  // What an UpdateStudent sign-in action needs stays open while actions are pending (decision 021).
  const duringActions = { config: { auth: 'customer' as const, duringSignInActions: true } };

  r.get(
    '/api/student/get-all',
    { ...customer, schema: { tags: ['student'], querystring: studentListQuerySchema, response: { 200: studentListAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const { page, limit } = req.query;
      const { rows, total } = await service.listStudentsOfClient(ctx, company.id, clientId, { limit, offset: (page - 1) * limit });
      return { current_page: page, total_pages: Math.max(1, Math.ceil(total / limit)), total_count: total, students: rows.map(service.toSummary) };
    },
  );

  r.get('/api/student/:id', { ...duringActions, schema: { tags: ['student'], params, response: { 200: studentRecordSchema, ...errorResponses } } }, async (req) => {
    const { company, clientId } = requireCustomer(req);
    return service.getStudentRecord(ctx, company, clientId, req.params.id);
  });

  r.post(
    '/api/student/add',
    { ...customer, schema: { tags: ['student'], body: z.record(z.string(), z.unknown()), response: { 200: addStudentAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const student = await service.addStudent(ctx, company, clientId, req.body);
      return { success: true as const, message: studentMessages.added, student };
    },
  );

  r.post(
    '/api/student/update/:id',
    { ...duringActions, schema: { tags: ['student'], params, body: z.record(z.string(), z.unknown()), response: { 200: updateStudentAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      const saved = await service.updateStudent(ctx, company, clientId, req.params.id, req.body);
      return { success: true as const, message: studentMessages.updated, ...saved };
    },
  );

  r.get('/api/student/get-skill-sets/:id', { ...customer, schema: { tags: ['student'], params, response: { 200: skillSetsAnswerSchema, ...errorResponses } } }, async (req) => {
    const { company, clientId } = requireCustomer(req);
    return { skill_sets: await service.listSkillSets(ctx, company, clientId, req.params.id) };
  });

  r.get(
    '/api/student/get-certificates/:id',
    { ...customer, schema: { tags: ['student'], params, response: { 200: certificatesAnswerSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return { certificates: await service.listCertificates(ctx, company, clientId, req.params.id) };
    },
  );

  r.post(
    '/api/student/update-profile-picture/:id',
    {
      config: { auth: 'customer', upload: true },
      // A declared length over the limit is refused before a byte is read.
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > UPLOAD_BODY_LIMIT) throw tooLarge();
      },
      schema: {
        tags: ['student'],
        params,
        consumes: ['multipart/form-data'],
        description: `One file (the web sends compressed_image.jpg, at most 0.2 MB and 220 px a side); JPEG, PNG or WebP by content, at most ${PICTURE_UPLOAD_LIMIT} bytes.`,
        response: { 200: pictureAnswerSchema, 413: errorResponses[400], ...errorResponses },
      },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      let data: Buffer | undefined;
      try {
        data = await (await req.file())?.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
        // A body that is not a readable form (no boundary, cut short) holds no picture either.
        throw notAnImage();
      }
      if (!data || data.length === 0) throw notAnImage();
      const url = await service.updatePicture(ctx, company, clientId, req.params.id, data);
      return { success: true as const, profile_picture: url };
    },
  );

  r.delete(
    '/api/student/delete-profile-picture/:id',
    { ...customer, schema: { tags: ['student'], params, response: { 200: successSchema, ...errorResponses } } },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      await service.deletePicture(ctx, company, clientId, req.params.id);
      return { success: true as const };
    },
  );

  /** Private to the signed-in customer; revalidated by ETag, so a changed picture is never shown stale. */
  function cacheHeaders(reply: FastifyReply, version: string) {
    return reply.header('etag', pictureEtag(version)).header('cache-control', 'private, no-cache');
  }

  r.post(
    '/api/student/get-image',
    { ...customer, schema: { tags: ['student'], body: getImageBodySchema, response: { 200: imageAnswerSchema, 304: z.null(), ...errorResponses } } },
    async (req: FastifyRequest<{ Body: z.infer<typeof getImageBodySchema> }>, reply) => {
      const { company, clientId } = requireCustomer(req);
      const picture = await service.findPictureByUrl(ctx, company.id, clientId, req.body.url);
      cacheHeaders(reply, picture.version);
      if (matchesEtag(req.headers['if-none-match'], pictureEtag(picture.version))) return reply.code(304).send();
      return { content_type: 'image/jpeg' as const, image: `data:image/jpeg;base64,${picture.image.toString('base64')}` };
    },
  );

  // Untyped: its answer is bytes, which the JSON type provider does not describe.
  app.get<{ Params: { id: number }; Querystring: { v?: string } }>(
    '/api/student/picture/:id',
    {
      ...customer,
      schema: {
        tags: ['student'],
        params,
        querystring: z.object({ v: z.string().max(32).optional() }),
        description: 'The stored picture as image/jpeg, for an <img> (the URL a record\'s profile_picture holds).',
        response: { 200: { description: 'The picture', content: { 'image/jpeg': { schema: z.string().describe('JPEG bytes') } } }, 304: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { company, clientId } = requireCustomer(req);
      const picture = await service.findPicture(ctx, company.id, clientId, req.params.id);
      reply.header('etag', pictureEtag(picture.version));
      // A URL with the current version never changes: the browser may keep it; any other is revalidated.
      reply.header('cache-control', req.query.v === picture.version ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      if (matchesEtag(req.headers['if-none-match'], pictureEtag(picture.version))) return reply.code(304).send(null);
      return reply.type('image/jpeg').send(picture.image);
    },
  );
}
