import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentRecord } from '@portal/shared/student-schemas';
import { ERROR_MESSAGES } from '@portal/shared/error-codes';
import { ifMatchVersion } from '@portal/shared/api-schemas';
import { registerCustomer, startTestApp, testEngines, type Browser, type TestApp } from '../../test/api-harness.ts';

/** Two tabs (or two parents) saving a student's details filled from the same version (decision 145). */
describe.each(testEngines())('a student’s details version on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function familyWithChild(): Promise<{ b: Browser; student: StudentRecord }> {
    const { browser: b } = await registerCustomer(t, { email: `version.${crypto.randomBytes(4).toString('hex')}@example.com` });
    const added = await b.post<{ student: StudentRecord }>('/api/student/add', { FirstName: 'Ella', LastName: 'Ng', DOB: '2018-04-02', GenderType: 'Female' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return { b, student: added.body.student };
  }
  const form = (s: StudentRecord, changes: Partial<StudentRecord>) => ({ FirstName: s.FirstName, LastName: s.LastName, DOB: s.DOB, GenderType: s.GenderType, Notes: s.Notes ?? '', ...changes });
  const activities = async (clientId: number) => t.runtime.ctx.db.selectFrom('activity_log').select('summary').where('client_id', '=', clientId).where('kind', '=', 'student').execute();

  it('the second save from one version is refused with 412 and changes nothing; the first is kept, and a save from the new version goes through', async () => {
    const { b, student } = await familyWithChild();
    expect(student.Version).toBe(1);
    const first = await b.post<{ updatedStudent: StudentRecord }>(`/api/student/update/${student.StudentID}`, form(student, { Notes: 'Goggles in the bag' }), ifMatchVersion(student.Version));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.updatedStudent.Version).toBe(2);
    const second = await b.post(`/api/student/update/${student.StudentID}`, form(student, { FirstName: 'Elly' }), ifMatchVersion(student.Version));
    expect([second.status, second.body.code, second.body.message]).toEqual([412, 'RECORD_CHANGED', ERROR_MESSAGES.RECORD_CHANGED]);
    const stored = (await b.get<StudentRecord>(`/api/student/${student.StudentID}`)).body;
    expect([stored.FirstName, stored.Notes, stored.Version]).toEqual(['Ella', 'Goggles in the bag', 2]);
    const third = await b.post<{ updatedStudent: StudentRecord }>(`/api/student/update/${student.StudentID}`, form(stored, { FirstName: 'Elly' }), ifMatchVersion(stored.Version));
    expect([third.status, third.body.updatedStudent.FirstName, third.body.updatedStudent.Version]).toEqual([200, 'Elly', 3]);
  });

  it('two saves from one version at the same instant: one is kept, the other refused, one change in the activity log', async () => {
    const { b, student } = await familyWithChild();
    const clientId = (await b.get<{ client: { ClientID: number } }>('/api/customer/get-details')).body.client.ClientID;
    const before = (await activities(clientId)).length;
    const answers = await Promise.all(['Tadpoles', 'Seahorses'].map((notes) => b.post(`/api/student/update/${student.StudentID}`, form(student, { Notes: notes }), ifMatchVersion(student.Version))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    const kept = (await b.get<StudentRecord>(`/api/student/${student.StudentID}`)).body;
    const winner = answers.findIndex((a) => a.status === 200);
    expect([kept.Notes, kept.Version]).toEqual([['Tadpoles', 'Seahorses'][winner], 2]);
    expect((await activities(clientId)).length - before).toBe(1);
  });

  it('a save that names no version saves over any (the API without a form); a malformed one is refused as a bad request', async () => {
    const { b, student } = await familyWithChild();
    expect((await b.post(`/api/student/update/${student.StudentID}`, form(student, { Notes: 'One' }))).status).toBe(200);
    expect((await b.post(`/api/student/update/${student.StudentID}`, form(student, { Notes: 'Two' }))).status).toBe(200);
    const bad = await b.post(`/api/student/update/${student.StudentID}`, form(student, { Notes: 'Three' }), { 'if-match': 'W/"2"' });
    expect(bad.status).toBe(400);
    expect((await b.get<StudentRecord>(`/api/student/${student.StudentID}`)).body).toMatchObject({ Notes: 'Two', Version: 3 });
  });
});
