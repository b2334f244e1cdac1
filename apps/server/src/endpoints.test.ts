import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type EndpointDefinition } from '@portal/shared/endpoint';
import { repoRoot } from './config/env.ts';
import { startTestApp, type TestApp } from './test/api-harness.ts';

/**
 * One definition per endpoint (packages/shared/src/endpoints): every API route the server
 * answers is registered from one, each definition is registered once, and no two definitions
 * claim the same method and path.
 */
const dir = path.join(repoRoot, 'packages/shared/src/endpoints');
const modules: Record<string, Record<string, Record<string, EndpointDefinition>>> = {};
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) modules[file] = (await import(path.join(dir, file))) as Record<string, Record<string, EndpointDefinition>>;
const definitions = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([group, endpoints]) => Object.entries(endpoints).map(([name, endpoint]) => ({ name: `${file.split('/').pop()} ${group}.${name}`, endpoint }))),
);
const address = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('endpoint definitions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('are read from every definitions file', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(14);
    expect(definitions.length).toBeGreaterThan(100);
  });

  it('name each method and path once', () => {
    const seen = new Map<string, string>();
    for (const { name, endpoint } of definitions) {
      expect(seen.get(address(endpoint)), `${name} repeats ${address(endpoint)}`).toBeUndefined();
      seen.set(address(endpoint), name);
    }
  });

  it('register every API route the server answers, each definition once', () => {
    const apiRoutes = t.server.routeTable.filter((r) => r.url.startsWith(`${API_PREFIX}/`) && !r.url.startsWith(`${API_PREFIX}/docs`));
    const unregistered = apiRoutes.filter((r) => !r.config.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(unregistered, 'routes written by hand, not from a definition').toEqual([]);
    const registered = apiRoutes.map((r) => r.config.endpoint);
    for (const { name, endpoint } of definitions) {
      expect(registered.filter((e) => e === endpoint).length, `${name} (${address(endpoint)}) registered twice`).toBeLessThanOrEqual(1);
    }
    // The development outbox exists only where the server delivers no mail (mail.routes.ts); this app delivers to its mailbox.
    const absent = definitions.filter(({ endpoint }) => !registered.includes(endpoint)).map(({ name }) => name);
    expect(absent).toEqual(['company.ts companyEndpoints.devOutbox']);
  });
});
