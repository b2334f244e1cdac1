import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParams } from '../endpoint-params';
import { detailsVersionHeaderSchema, successSchema } from '../api-schemas';
import {
  addStudentAnswerSchema,
  certificatesAnswerSchema,
  getImageBodySchema,
  imageAnswerSchema,
  pictureAnswerSchema,
  skillSetsAnswerSchema,
  studentListAnswerSchema,
  studentListQuerySchema,
  studentRecordSchema,
  updateStudentAnswerSchema,
} from '../student-schemas';

const tags = ['student'];
/** A student form's answers, checked against the company's form configuration by the server. */
const studentForm = z.record(z.string(), z.unknown());

export const studentEndpoints = {
  list: defineEndpoint({ access: 'family-read', method: 'GET', path: '/api/student/get-all', auth: 'customer', query: studentListQuerySchema, response: studentListAnswerSchema, tags }),
  get: defineEndpoint({ access: 'family-read', method: 'GET', path: '/api/student/:id', auth: 'customer', duringSignInActions: true, params: idParams, response: studentRecordSchema, tags }),
  add: defineEndpoint({ method: 'POST', path: '/api/student/add', auth: 'customer', body: studentForm, response: addStudentAnswerSchema, errors: ['STUDENT_EDIT_OFF'], tags }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/student/update/:id',
    auth: 'customer',
    duringSignInActions: true,
    params: idParams,
    headers: detailsVersionHeaderSchema,
    body: studentForm,
    response: updateStudentAnswerSchema,
    errors: ['STUDENT_EDIT_OFF', 'RECORD_CHANGED'],
    tags,
  }),
  skillSets: defineEndpoint({
    access: 'family-read',
    method: 'GET',
    path: '/api/student/get-skill-sets/:id',
    auth: 'customer',
    switches: ['ShowSkillSets'],
    params: idParams,
    response: skillSetsAnswerSchema,
    tags,
  }),
  certificates: defineEndpoint({
    access: 'family-read',
    method: 'GET',
    path: '/api/student/get-certificates/:id',
    auth: 'customer',
    switches: ['EnableCertificates'],
    params: idParams,
    response: certificatesAnswerSchema,
    tags,
  }),
  uploadPicture: defineEndpoint({
    method: 'POST',
    path: '/api/student/update-profile-picture/:id',
    auth: 'customer',
    params: idParams,
    response: pictureAnswerSchema,
    errors: ['NO_FILE', 'TOO_LARGE', 'STUDENT_EDIT_OFF'],
    tags,
  }),
  deletePicture: defineEndpoint({ method: 'DELETE', path: '/api/student/delete-profile-picture/:id', auth: 'customer', params: idParams, response: successSchema, tags }),
  image: defineEndpoint({ access: 'family-read', method: 'POST', path: '/api/student/get-image', auth: 'customer', body: getImageBodySchema, response: imageAnswerSchema, tags }),
  picture: defineEndpoint({
    access: 'family-read',
    method: 'GET',
    path: '/api/student/picture/:id',
    auth: 'customer',
    params: idParams,
    query: z.object({ v: z.string().max(32).optional() }),
    description: "The stored picture as image/jpeg, for an <img> (the URL a record's profile_picture holds).",
    tags,
  }),
};
