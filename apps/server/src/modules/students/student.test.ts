import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { StudentListAnswer, StudentRecord } from '@portal/shared/student-schemas';
import { studentMessages } from '@portal/shared/student-schemas';
import { repoRoot } from '../../config/env.ts';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { importCompanyBundle } from '../import/import.service.ts';

const E29_KEYS = [
  'StudentID',
  'FirstName',
  'LastName',
  'RegID',
  'DOB',
  'GenderType',
  'GenderOther',
  'Gender',
  'PhoneMobile',
  'Email',
  'AddrSameAsClient',
  'Address1',
  'Address2',
  'Suburb',
  'State',
  'Postcode',
  'Location',
  'StandardID',
  'Standard',
  'MedicalConditionIDs',
  'AdditionalMedicalConditions',
  'ReferralSourceID',
  'SchoolID',
  'VenueID',
  'Notes',
  'PendingDays',
  'custom_field_values',
  'bookedClasses',
  'profile_picture',
  'Version',
];

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipart(data: Buffer, filename = 'compressed_image.jpg', type = 'image/jpeg') {
  const boundary = '----portalTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A PNG whose header claims 60000 × 60000 pixels over a few bytes of data: a decompression bomb. */
function pngBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(60_001 * 64));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe.each(testEngines())('students on %s', (engine) => {
  let t: TestApp;
  let parent: Browser;
  let family: Browser;
  let ace: Browser;
  let students: StudentListAnswer['students'];
  let ella: number;
  let mia: number;
  let aceNoah: number;
  let photo: Buffer;

  beforeAll(async () => {
    t = await startTestApp(engine);
    parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
    family = new Browser(t.server);
    await family.signIn('SPLASH', 'family@example.com');
    ace = new Browser(t.server);
    await ace.signIn('ACE', 'parent@example.com');
    students = (await parent.get<StudentListAnswer>('/api/student/get-all')).body.students;
    ella = students.find((s) => s.FirstName === 'Ella')!.StudentID;
    mia = (await family.get<StudentListAnswer>('/api/student/get-all')).body.students[0]!.StudentID;
    aceNoah = (await ace.get<StudentListAnswer>('/api/student/get-all')).body.students[0]!.StudentID;
    // A 1600 × 1200 photo from a phone, with its EXIF block.
    photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3b82f6' } })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Copyright: 'Splash demo', Artist: 'A parent' } })
      .toBuffer();
  });
  afterAll(() => t.close());

  const upload = (b: Browser, id: number, body: { payload: Buffer; contentType: string }) =>
    b.call('POST', `/api/student/update-profile-picture/${id}`, body.payload, { 'content-type': body.contentType });

  it('needs a signed-in customer', async () => {
    const b = new Browser(t.server);
    await b.enterCompany('SPLASH');
    for (const [method, url] of [
      ['GET', '/api/student/get-all'],
      ['GET', `/api/student/${ella}`],
      ['POST', '/api/student/add'],
      ['POST', `/api/student/update/${ella}`],
      ['GET', `/api/student/get-skill-sets/${ella}`],
      ['DELETE', `/api/student/delete-profile-picture/${ella}`],
      ['POST', '/api/student/get-image'],
    ] as const) {
      const res = await b.call(method, url, method === 'POST' ? { url: 'x' } : undefined);
      expect(res.status, url).toBe(401);
    }
  });

  it("lists only this client's students, by name, a page at a time (E1)", async () => {
    expect(students.map((s) => s.FirstName)).toEqual(['Ella', 'Lily', 'Noah']);
    const page = await parent.get<StudentListAnswer>('/api/student/get-all?page=2&limit=2');
    expect(page.body).toMatchObject({ current_page: 2, total_pages: 2, total_count: 3 });
    expect(page.body.students.map((s) => s.FirstName)).toEqual(['Noah']);
    expect((await parent.get('/api/student/get-all?limit=0')).status).toBe(400);
  });

  it('answers the record with the second spec field names and its booked classes (E27, E29)', async () => {
    const res = await parent.get<StudentRecord>(`/api/student/${ella}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...E29_KEYS].sort());
    expect(res.body).toMatchObject({ FirstName: 'Ella', DOB: '2017-03-14', GenderType: 'Female', Gender: 'F', RegID: 'SPL-0412', AddrSameAsClient: true, PendingDays: '2,4' });
    expect(res.body.Location).toEqual({ Suburb: 'Bondi Beach', State: 'NSW', Postcode: '2026' });
    expect(res.body.custom_field_values.map((v) => v.CustomFieldID)).toEqual([201, 202, 203, 204]);
    expect(res.body.profile_picture).toMatch(/^\/api\/student\/picture\/\d+\?v=/);
    expect(res.body.bookedClasses.length).toBeGreaterThanOrEqual(2);
    const booked = res.body.bookedClasses[0]!;
    expect(booked.OCRName).toContain('Seahorse');
    expect(booked.LessonFormat?.Name).toBe('Group lesson (30 min)');
    expect(booked.Venue?.Name).toContain('Bondi');
    // The next session to come: the first scheduled date, unless that is a session of today's already begun.
    const scheduled = booked.dates.filter((d) => d.Status === 'scheduled').map((d) => d.Date);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    expect(scheduled).toContain(booked.next_session?.Date);
    expect(scheduled.filter((d) => d < booked.next_session!.Date).every((d) => d === today)).toBe(true);
  });

  it("E3: refuses another client's and another company's student as not found", async () => {
    for (const [who, id] of [
      ['another client', mia],
      ['another company', aceNoah],
      ['no one', 2_000_000_000],
    ] as const) {
      for (const [method, url] of [
        ['GET', `/api/student/${id}`],
        ['POST', `/api/student/update/${id}`],
        ['GET', `/api/student/get-skill-sets/${id}`],
        ['GET', `/api/student/get-certificates/${id}`],
        ['DELETE', `/api/student/delete-profile-picture/${id}`],
        ['GET', `/api/student/picture/${id}`],
      ] as const) {
        const res = await parent.call(method, url, method === 'POST' ? { FirstName: 'Eve', LastName: 'Hacker', DOB: '2015-01-01', GenderType: 'Male' } : undefined);
        expect(res.status, `${who} ${method} ${url}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Mia');
      }
      expect((await upload(parent, id, multipart(photo))).status, `${who} upload`).toBe(404);
    }
    // Mia is untouched.
    expect((await family.get<StudentRecord>(`/api/student/${mia}`)).body.FirstName).toBe('Mia');
  });

  it('adds a student with the company form, keeping only the fields it shows (E6, E7)', async () => {
    const res = await parent.post<{ student: StudentRecord; message: string }>('/api/student/add', {
      FirstName: ' Zoe ',
      LastName: 'Mitchell',
      DOB: '2020-02-29',
      GenderType: 'Other',
      GenderOther: 'Non-binary',
      AddrSameAsClient: false,
      Address1: '1 Surf Lane',
      Suburb: 'Bondi',
      State: 'NSW',
      Postcode: '2026',
      PendingDays: [3, 1],
      // Hidden in Splash's student form: sent anyway, never stored.
      Email: 'zoe@example.com',
      PhoneMobile: '0400000000',
      RegID: 'HACKED-1',
      custom_field_values: [
        { CustomFieldID: 204, FieldValue: 'N' },
        { CustomFieldID: 999, FieldValue: 'sneaky' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Swimmer added');
    expect(res.body.student).toMatchObject({ FirstName: 'Zoe', GenderType: 'Other', Gender: 'O', GenderOther: 'Non-binary', PendingDays: '1,3', Email: null, PhoneMobile: null, RegID: null });
    // Only the custom field the form has; an unknown one is dropped.
    expect(res.body.student.custom_field_values).toEqual([{ CustomFieldID: 204, CustomFieldItemID: null, FieldValue: 'N' }]);
    const row = await t.runtime.ctx.db.selectFrom('students').selectAll().where('id', '=', res.body.student.StudentID).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, phone_mobile: null, reg_id: null, client_id: expect.any(Number) });
  });

  it('refuses a form that breaks a rule, with each field message, and writes nothing (S, E28)', async () => {
    const before = (await parent.get<StudentListAnswer>('/api/student/get-all')).body.total_count;
    const res = await parent.post<{ errors: { field: string; message: string }[] }>('/api/student/add', { FirstName: 'Ann=', LastName: '', DOB: '2023-02-31', GenderType: 'Robot' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'FirstName', message: 'Name must not contain \\, <, >, or =' },
        { field: 'LastName', message: 'Last name is required' },
        { field: 'DOB', message: 'Please enter a valid date' },
        { field: 'GenderType', message: 'Please select an option' },
      ]),
    );
    expect((await parent.get<StudentListAnswer>('/api/student/get-all')).body.total_count).toBe(before);
  });

  it("says what is required in the company's own words (Ace renames its fields)", async () => {
    const res = await ace.post<{ errors: { field: string; message: string }[] }>('/api/student/add', { LastName: 'Lee', DOB: '2016-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'FirstName', message: 'Player first name is required' });
  });

  it('honours AllowStudentEdit: no update and no picture change when the company does not allow it (E11)', async () => {
    const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json'), 'utf8'));
    bundle.company.code = `S${randomBytes(4).toString('hex').toUpperCase()}`;
    bundle.company.customer_id = 300_000 + randomBytes(2).readUInt16BE(0);
    bundle.company.config.switches = { ...bundle.company.config.switches, AllowStudentEdit: false };
    bundle.customers[0].clients[0].sign_in_actions = [];
    await importCompanyBundle(t.runtime.ctx.db, bundle);
    const jo = new Browser(t.server);
    await jo.signIn(bundle.company.code, bundle.customers[0].email, bundle.customers[0].password);
    const sam = (await jo.get<StudentListAnswer>('/api/student/get-all')).body.students[0]!;
    const update = await jo.post(`/api/student/update/${sam.StudentID}`, { FirstName: 'Samuel', LastName: 'Bennett', DOB: '2018-04-02' });
    expect(update.status).toBe(403);
    expect((update.body as { message: string }).message).toBe(studentMessages.editNotAllowed);
    expect((await upload(jo, sam.StudentID, multipart(photo))).status).toBe(403);
    expect((await jo.call('DELETE', `/api/student/delete-profile-picture/${sam.StudentID}`)).status).toBe(403);
    expect((await jo.get<StudentRecord>(`/api/student/${sam.StudentID}`)).body.FirstName).toBe('Sam');
  });

  it('AllowStudentEdit off: a pending UpdateStudent sign-in action can still be completed, for that student only (L7, E11, decision 021)', async () => {
    const bundle = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docs', 'examples', 'company-bundle.example.json'), 'utf8'));
    bundle.company.code = `S${randomBytes(4).toString('hex').toUpperCase()}`;
    bundle.company.customer_id = 300_000 + randomBytes(2).readUInt16BE(0);
    bundle.company.config.switches = { ...bundle.company.config.switches, AllowStudentEdit: false };
    bundle.customers[0].clients[0].sign_in_actions = [{ type: 'UpdateStudent', student: 'sam' }];
    // The company's own word for a student is in what the save says (C8).
    bundle.company.config.StudentTerm = 'Athlete';
    await importCompanyBundle(t.runtime.ctx.db, bundle);
    const jo = new Browser(t.server);
    const signedIn = await jo.signIn(bundle.company.code, bundle.customers[0].email, bundle.customers[0].password);
    const action = (signedIn.actions as { type: string; student_id: number }[]).find((a) => a.type === 'UpdateStudent')!;
    expect(action).toBeDefined();
    const record = (await jo.get<StudentRecord>(`/api/student/${action.student_id}`)).body;
    const update = await jo.post<{ message: string; updatedStudent: StudentRecord }>(`/api/student/update/${action.student_id}`, { FirstName: 'Samuel', LastName: record.LastName, DOB: record.DOB });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.message).toBe('Athlete updated');
    expect(update.body.updatedStudent.FirstName).toBe('Samuel');
    // The action is done: editing is closed again.
    const again = await jo.post(`/api/student/update/${action.student_id}`, { FirstName: 'Sammy', LastName: record.LastName, DOB: record.DOB });
    expect(again.status).toBe(403);
    expect((again.body as { message: string }).message).toBe(studentMessages.editNotAllowed);
    expect((await jo.get<StudentRecord>(`/api/student/${action.student_id}`)).body.FirstName).toBe('Samuel');
  });

  it("refuses another company's list items as choices", async () => {
    const aceSchool = await t.runtime.ctx.db
      .selectFrom('list_items')
      .innerJoin('companies', 'companies.id', 'list_items.company_id')
      .select('list_items.id')
      .where('companies.code', '=', 'ACE')
      .where('list_name', '=', 'school')
      .executeTakeFirstOrThrow();
    const res = await parent.post<{ errors: { field: string }[] }>(`/api/student/update/${ella}`, {
      FirstName: 'Ella',
      LastName: 'Mitchell',
      DOB: '2017-03-14',
      GenderType: 'Female',
      SchoolID: aceSchool.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]!.field).toBe('SchoolID');
  });

  it('updates a student and round-trips the record (E8, E9, E29)', async () => {
    const before = (await parent.get<StudentRecord>(`/api/student/${ella}`)).body;
    const { StudentID: _id, bookedClasses: _b, Location: _l, Gender: _g, Standard: _s, profile_picture: _p, ...form } = before;
    const saved = await parent.post<{ updatedStudent: StudentRecord; message: string }>(`/api/student/update/${ella}`, { ...form, Notes: 'Puffer in the side pocket.' });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Swimmer updated');
    expect(saved.body.updatedStudent).toEqual({ ...before, Notes: 'Puffer in the side pocket.', Version: before.Version + 1 });
  });

  it('answers skill sets with notes, and certificates (E22, E23)', async () => {
    const sets = await parent.get<{ skill_sets: { Name: string; Notes: string | null; skills: { Achieved: boolean }[] }[] }>(`/api/student/get-skill-sets/${ella}`);
    expect(sets.status).toBe(200);
    expect(sets.body.skill_sets.map((s) => s.Name)).toEqual(['Starfish', 'Seahorse']);
    expect(sets.body.skill_sets[1]!.Notes).toContain('Kicking is strong');
    expect(sets.body.skill_sets[1]!.skills.map((s) => s.Achieved)).toEqual([true, true, false, false]);
    const certificates = await parent.get<{ certificates: { Name: string }[] }>(`/api/student/get-certificates/${ella}`);
    expect(certificates.body.certificates.map((c) => c.Name)).toEqual(['Starfish level complete']);
  });

  it('stores an uploaded picture re-encoded: a JPEG within 220 px, without metadata, served with an ETag (E24, E26)', async () => {
    const noah = students.find((s) => s.FirstName === 'Noah')!.StudentID;
    const res = await upload(parent, noah, multipart(photo));
    expect(res.status).toBe(200);
    const url = (res.body as { profile_picture: string }).profile_picture;
    expect(url).toMatch(new RegExp(`^/api/student/picture/${noah}\\?v=`));
    expect((await parent.get<StudentRecord>(`/api/student/${noah}`)).body.profile_picture).toBe(url);

    const image = await parent.post<{ image: string }>('/api/student/get-image', { url });
    expect(image.status).toBe(200);
    const etag = String(image.headers.etag);
    const bytes = Buffer.from(image.body.image.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 220, height: 165 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Splash demo'))).toBe(false);
    expect((await parent.post('/api/student/get-image', { url }, { 'if-none-match': etag })).status).toBe(304);

    const direct = await t.server.inject({ method: 'GET', url, headers: { cookie: [...parent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toBe('image/jpeg');
    expect(direct.headers['cache-control']).toContain('private');
    expect(direct.headers.etag).toBe(etag);
  });

  it("never serves another family's picture, nor fetches a URL it is given", async () => {
    const ellaPicture = (await parent.get<StudentRecord>(`/api/student/${ella}`)).body.profile_picture!;
    for (const url of [ellaPicture, 'http://127.0.0.1:9/secret', 'https://example.com/a.jpg', 'file:///etc/passwd', `/api/student/picture/${ella}/../../x`]) {
      const res = await family.post('/api/student/get-image', { url });
      expect(res.status, url).toBe(404);
    }
    expect((await ace.post('/api/student/get-image', { url: ellaPicture })).status).toBe(404);
    expect((await parent.post('/api/student/get-image', { url: ellaPicture })).status).toBe(200);
  });

  it('refuses what is not a picture, by its content, and keeps the old one', async () => {
    const before = (await parent.get<StudentRecord>(`/api/student/${ella}`)).body.profile_picture;
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const cases: [string, { payload: Buffer; contentType: string }, number, string][] = [
      ['a 20 MB upload', multipart(Buffer.alloc(20 * 1024 * 1024, 0xff)), 413, studentMessages.pictureTooLarge],
      ['a PNG decompression bomb', multipart(pngBomb(), 'compressed_image.jpg', 'image/png'), 400, studentMessages.pictureTooManyPixels],
      ['an SVG with a script', multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'compressed_image.jpg'), 400, studentMessages.pictureNotAnImage],
      ['a PDF renamed .jpg', multipart(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')), 400, studentMessages.pictureNotAnImage],
      ['a PDF as it is', multipart(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'report.pdf', 'application/pdf'), 400, studentMessages.pictureNotAnImage],
      ['a truncated JPEG', multipart(truncated), 400, studentMessages.pictureUnreadable],
      ['a form without its boundary', { payload: multipart(photo).payload, contentType: 'multipart/form-data' }, 400, studentMessages.pictureMissing],
      [
        'no file at all',
        { payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n'), contentType: 'multipart/form-data; boundary=b' },
        400,
        studentMessages.pictureMissing,
      ],
    ];
    for (const [name, body, status, message] of cases) {
      const res = await upload(parent, ella, body);
      expect(res.status, name).toBe(status);
      expect((res.body as { message: string }).message, name).toBe(message);
      if (message === studentMessages.pictureNotAnImage) expect((res.body as { code: string }).code, name).toBe('INVALID_IMAGE');
    }
    expect((await parent.get<StudentRecord>(`/api/student/${ella}`)).body.profile_picture).toBe(before);
  });

  it('cuts off an upload that declares no length at the limit', async () => {
    const { payload, contentType } = multipart(Buffer.alloc(3 * 1024 * 1024, 0xff));
    const chunks = Array.from({ length: Math.ceil(payload.length / 65_536) }, (_, i) => payload.subarray(i * 65_536, (i + 1) * 65_536));
    const res = await t.server.inject({
      method: 'POST',
      url: `/api/student/update-profile-picture/${ella}`,
      payload: Readable.from(chunks),
      headers: { 'content-type': contentType, cookie: [...parent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'TOO_LARGE', message: studentMessages.pictureTooLarge });
  });

  it('deletes a picture (E25)', async () => {
    const lily = students.find((s) => s.FirstName === 'Lily')!.StudentID;
    expect((await upload(parent, lily, multipart(photo))).status).toBe(200);
    const url = (await parent.get<StudentRecord>(`/api/student/${lily}`)).body.profile_picture!;
    expect((await parent.call('DELETE', `/api/student/delete-profile-picture/${lily}`)).status).toBe(200);
    expect((await parent.get<StudentRecord>(`/api/student/${lily}`)).body.profile_picture).toBeNull();
    expect((await parent.post('/api/student/get-image', { url })).status).toBe(404);
  });
});
