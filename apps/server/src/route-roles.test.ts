import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '@portal/shared/endpoint';
import { accessOf, GUARDIAN_ROLES, roleAllows, type GuardianRole } from '@portal/shared/guardian-schemas';
import { invitedGuardian, registerCustomer, startTestApp, testEngines, type Browser, type TestApp } from './test/api-harness.ts';

/**
 * The family roles (decision 101), route by route from the app's own route table: every customer
 * route a role may not call answers that role 403 ROLE_FORBIDDEN before anything runs, and every
 * route it may call does not. A route added later is checked the same way.
 */

/** The writes any guardian may make: about themselves alone, never the family's data. */
const OWN_WRITES = [
  'POST /api/customer/change-password',
  'POST /api/customer/switch-account',
  'POST /api/messages/mark-read',
  'POST /api/notification/mark-read',
  'POST /api/notification/mark-all-read',
  'POST /api/notification/update-opt-outs',
  'PUT /api/notification/push',
  'DELETE /api/notification/push',
  'PUT /api/notification/device',
  'DELETE /api/notification/device',
];

/** Reads sent as POST (their query would not fit a URL, or names a picture): a viewer may make them. */
const POST_READS = ['POST /api/ocr/get-students-enrolled-in-class', 'POST /api/student/get-image'];

describe.each(testEngines())('every customer route keeps to the family roles, on %s', (engine) => {
  let t: TestApp;
  let routes: { key: string; method: string; url: string; endpoint: EndpointDefinition }[];
  const guardians = {} as Record<GuardianRole, Browser>;
  beforeAll(async () => {
    t = await startTestApp(engine);
    routes = t.server.routeTable
      .filter((r) => r.config.auth === 'customer' && r.config.endpoint)
      .map((r) => ({ key: `${r.method} ${r.url}`, method: r.method, url: r.url.replace(/:\w+/g, '1'), endpoint: r.config.endpoint! }));
    const holder = await registerCustomer(t, { email: `roles.${Date.now().toString(36)}@example.com` });
    for (const role of GUARDIAN_ROLES) guardians[role] = (await invitedGuardian(t, holder.browser, role)).browser;
  });
  afterAll(() => t.close());

  it('gives every write a kind a viewer cannot reach, but for the caller’s own things', () => {
    const writes = routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((r) => accessOf(r.endpoint) === 'own').map((r) => r.key)).toEqual(expect.arrayContaining(OWN_WRITES));
    expect(writes.filter((r) => accessOf(r.endpoint) === 'own').map((r) => r.key)).toHaveLength(OWN_WRITES.length);
    const readKinds = writes.filter((r) => ['read', 'family-read'].includes(accessOf(r.endpoint)));
    expect(readKinds.map((r) => r.key).sort()).toEqual(POST_READS);
  });

  it.each(GUARDIAN_ROLES)('refuses a %s every route their role does not allow, and no other', async (role) => {
    const problems: string[] = [];
    let refused = 0;
    for (const route of routes) {
      const res = await guardians[role].call(route.method as 'GET', route.url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      const forbidden = res.status === 403 && (res.body as { code?: string }).code === 'ROLE_FORBIDDEN';
      if (roleAllows(role, route.endpoint) === forbidden) problems.push(`${route.key}: ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
      if (forbidden) refused += 1;
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(role === 'co-parent' ? 4 : 20);
  });
});
