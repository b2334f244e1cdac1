import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering of docs/decisions/012 is only as good as the lint rules that hold it. Each case
 * lints a snippet in memory, as if it were the named file, and names the rule that must refuse it,
 * so a rule that stops working (a renamed plugin, a zone that no longer matches) fails here.
 */
const eslint = new ESLint({ cwd: import.meta.dirname });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint rules that hold the layering', () => {
  it('let a route call its own service', async () => {
    expect(await ruleIds('apps/server/src/modules/home/home.routes.ts', "import { listUpcomingClasses } from './home.service.ts';\nexport const f = listUpcomingClasses;\n")).toEqual([]);
  });

  it.each([
    ['a route importing a repository', 'apps/server/src/modules/home/home.routes.ts', "import { findUpcomingClasses } from './home.repository.ts';\nexport const f = findUpcomingClasses;\n"],
    ['a plugin importing a module', 'apps/server/src/plugins/auth.ts', "import { findSessions } from '../modules/accounts/accounts.api.ts';\nexport const f = findSessions;\n"],
    [
      "a service importing another module's repository",
      'apps/server/src/modules/home/home.service.ts',
      "import { findLogin } from '../accounts/customer.repository.ts';\nexport const f = findLogin;\n",
    ],
    ['the demo seed importing a repository', 'apps/server/src/seed/seed.ts', "import { countCompanies } from '../modules/import/import.repository.ts';\nexport const f = countCompanies;\n"],
    [
      'a repository importing a service',
      'apps/server/src/modules/home/home.repository.ts',
      "import { listOutstandingInvoices } from './home.service.ts';\nexport const f = listOutstandingInvoices;\n",
    ],
    ['a web feature importing another feature', 'apps/web/src/features/home/components/probe.tsx', "import { login } from '@/features/auth/api/login';\nexport const f = login;\n"],
    ['shared web code importing a feature', 'apps/web/src/lib/probe.ts', "import { login } from '@/features/auth/api/login';\nexport const f = login;\n"],
    [
      "a module importing another module's service, not its api file",
      'apps/server/src/modules/home/home.service.ts',
      "import { findCompanyById } from '../company/company.service.ts';\nexport const f = findCompanyById;\n",
    ],
    [
      "a flow importing a module's private file",
      'apps/server/src/flows/checkout/checkout.service.ts',
      "import { holdBookings } from '../../modules/bookings/bookings.service.ts';\nexport const f = holdBookings;\n",
    ],
    ["the app importing a module's routes file", 'apps/server/src/app.ts', "import { homeRoutes } from './modules/home/home.routes.ts';\nexport const f = homeRoutes;\n"],
    ['a module importing a flow', 'apps/server/src/modules/bookings/bookings.service.ts', "import { checkout } from '../../flows/checkout/checkout.service.ts';\nexport const f = checkout;\n"],
    // A small module of app/: the router would make import-x/no-cycle walk every route (seconds).
    ['a web feature importing the app', 'apps/web/src/features/home/components/probe.tsx', "import { queryClient } from '@/app/query-client';\nexport const f = queryClient;\n"],
    ['a web entity importing a feature', 'apps/web/src/entities/customer/probe.ts', "import { login } from '@/features/auth/api/login';\nexport const f = login;\n"],
    ['a web entity importing a shared component', 'apps/web/src/entities/customer/probe.ts', "import { Button } from '@/components/ui/button';\nexport const f = Button;\n"],
    ['web lib/ importing an entity', 'apps/web/src/lib/probe.ts', "import { useConfig } from '@/entities/company/get-company-config';\nexport const f = useConfig;\n"],
  ])('refuse %s', async (_case, filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('import-x/no-restricted-paths');
  });

  it('let a web feature and a shared component read an entity', async () => {
    const code = "import { useConfig } from '@/entities/company/get-company-config';\nexport const f = useConfig;\n";
    expect(await ruleIds('apps/web/src/features/home/components/probe.tsx', code)).toEqual([]);
    expect(await ruleIds('apps/web/src/components/ui/probe.tsx', code)).toEqual([]);
  });

  it.each([
    ['web lib/', 'apps/web/src/lib/probe.ts', "import { api } from './api-client';\nexport const f = () => api('/api/customer/me');\n"],
    ['web components/', 'apps/web/src/components/forms/probe.ts', "import { api } from '@/lib/api-client';\nexport const f = () => api('/api/customer/me');\n"],
  ])('refuse an endpoint module in %s', async (_case, filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['invalidateQueries', "qc.invalidateQueries({ queryKey: ['quote'] })"],
    ['removeQueries', 'qc.removeQueries({ queryKey: [...activeKey, 7] })'],
    ['setQueryData', "qc.setQueryData(['payment-details'], null)"],
  ])('refuse a literal query key in %s', async (_case, call) => {
    const code = `import { useQueryClient } from '@tanstack/react-query';\nconst activeKey = ['customer'] as const;\nexport function useProbe() {\n  const qc = useQueryClient();\n  return () => ${call};\n}\n`;
    expect(await ruleIds('apps/web/src/features/checkout/api/probe.ts', code)).toContain('no-restricted-syntax');
  });

  it('refuse a query key written into useQuery', async () => {
    const code = "import { useQuery } from '@tanstack/react-query';\nexport const useProbe = () => useQuery({ queryKey: ['barcodes'], queryFn: () => 1 });\n";
    expect(await ruleIds('apps/web/src/features/barcodes/components/probe.tsx', code)).toContain('no-restricted-syntax');
  });

  it("let a mutation invalidate through the endpoint file's key", async () => {
    const code =
      "import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';\nexport const quoteKey = ['quote'] as const;\nconst quote = queryOptions({ queryKey: [...quoteKey, 1], queryFn: () => 1 });\nexport function useProbe() {\n  const qc = useQueryClient();\n  useQuery(quote);\n  return () => qc.invalidateQueries({ queryKey: quoteKey });\n}\n";
    expect(await ruleIds('apps/web/src/features/checkout/api/probe.ts', code)).toEqual([]);
  });

  it('refuse SQL in a service', async () => {
    expect(await ruleIds('apps/server/src/modules/home/home.service.ts', "import { sql } from 'kysely';\nexport const f = sql;\n")).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('refuse a promise nobody waits for, and one handed where nothing waits (oxlint, typed)', () => {
    // The typed rules run in oxlint (.oxlintrc.json): a small project of its own, linted with them.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oxlint-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, target: 'ES2023', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['*.ts'] }),
      );
      fs.writeFileSync(path.join(dir, 'probe.ts'), 'export async function f(): Promise<void> {}\nexport function g(): void {\n  f();\n  [1].forEach(async () => f());\n  void f();\n}\n');
      const bin = path.join(import.meta.dirname, 'node_modules/.bin/oxlint');
      const run = spawnSync(bin, ['--type-aware', '-c', '.oxlintrc.json', '--format', 'json', path.join(dir, 'probe.ts')], { cwd: import.meta.dirname, encoding: 'utf8' });
      const report = JSON.parse(run.stdout) as { diagnostics: { code: string }[] };
      expect(report.diagnostics.map((d) => d.code).sort()).toEqual(['typescript(no-floating-promises)', 'typescript(no-misused-promises)']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse an image without alternative text', async () => {
    expect(await ruleIds('apps/web/src/components/ui/probe.tsx', 'export const Probe = () => <img src="/logo.png" />;\n')).toContain('jsx-a11y/alt-text');
  });

  it('refuse an answer shape written by hand in a web call', async () => {
    // The path comes in as an argument, so only the answer's shape can be refused.
    const code = "import { api } from '@/lib/api-client';\nexport const f = (path: string) => api<{ success: true }>(path, { method: 'POST' });\n";
    expect(await ruleIds('apps/web/src/features/home/api/probe.ts', code)).toEqual(['no-restricted-syntax']);
  });

  it.each([
    [
      'a server route file',
      'apps/server/src/modules/home/home.routes.ts',
      "import type { FastifyInstance } from 'fastify';\nexport function probeRoutes(app: FastifyInstance) {\n  app.get('/api/home/probe', async () => ({}));\n}\n",
    ],
    ["a flow's route file, as a template", 'apps/server/src/flows/guest-booking/guest-booking.routes.ts', 'export const probe = (id: number) => `/api/ob/probe/${id}`;\n'],
    ['a web endpoint file', 'apps/web/src/features/home/api/probe.ts', "import { api } from '@/lib/api-client';\nexport const f = () => api('/api/customer/me');\n"],
    ['a web component, as a template', 'apps/web/src/features/classes/components/probe.tsx', 'export const Probe = ({ id }: { id: number }) => <a href={`/api/class/probe/${id}`}>Calendar</a>;\n'],
    ['shared code outside the endpoint definitions', 'packages/shared/src/probe-schemas.ts', "/** GET /api/probe: the comment may name it. */\nexport const probePath = '/api/probe';\n"],
  ])('refuse an /api/ path written in %s', async (_case, filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual(['no-restricted-syntax']);
  });

  it("keep the web's own syntax rules beside the path rule", async () => {
    const code =
      "import { useQuery } from '@tanstack/react-query';\nimport { api } from '@/lib/api-client';\nexport const useProbe = () => useQuery({ queryKey: ['probe'], queryFn: () => api('/api/probe') });\n";
    expect(await ruleIds('apps/web/src/features/home/api/probe.ts', code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it.each([
    [
      'an endpoint definition',
      'packages/shared/src/endpoints/probe.ts',
      "import { defineEndpoint } from '../endpoint';\nexport const probeEndpoints = { get: defineEndpoint({ method: 'GET', path: '/api/probe/:id', auth: 'public', tags: ['probe'] }) };\n",
    ],
    ['a server test', 'apps/server/src/modules/home/probe.test.ts', "export const probe = (id: number) => ['/api/home/probe', `/api/home/probe/${id}`];\n"],
    ['a web test', 'apps/web/src/features/home/components/probe.test.tsx', "export const probe = (id: number) => ['/api/home/probe', `/api/home/probe/${id}`];\n"],
    [
      'a path that only contains /api/',
      'apps/server/src/modules/payments/gateway.routes.ts',
      "const prefix = '/sim-gateway/v1';\nexport const probe = [`${prefix}/api/tokens`, 'see /api/docs', '/apis'];\n",
    ],
  ])('let %s name an /api/ path', async (_case, filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual([]);
  });

  it.each([
    ['a yyyy-MM-dd date put on a page as it came', 'apps/web/src/features/bookings/components/probe.tsx', 'export const Probe = ({ b }: { b: { date: string } }) => <p>{b.date}</p>;\n'],
    [
      'an HH:mm range written into a label',
      'apps/web/src/components/bookings/probe.tsx',
      'export const Probe = ({ s }: { s?: { time: string; endTime: string } }) => <button aria-label={`at ${s?.time}–${s?.endTime}`} />;\n',
    ],
    [
      'a timestamp in a fragment',
      'apps/web/src/features/notifications/components/probe.tsx',
      'export const Probe = ({ n }: { n: { DateTimeCreated: string } }) => <>{`sent ${n.DateTimeCreated}`}</>;\n',
    ],
    ["the browser's own date text", 'apps/web/src/lib/probe.ts', 'export const probe = (d: Date) => d.toLocaleDateString();\n'],
    ["the browser's own time text, on the server", 'apps/server/src/modules/home/probe.ts', 'export const probe = (d: Date) => d.toLocaleTimeString();\n'],
    ["date-fns' format outside the one formatter", 'packages/shared/src/probe-text.ts', "import { format } from 'date-fns';\nexport const probe = (d: Date) => format(d, 'HH:mm');\n"],
  ])('refuse %s (decision 080)', async (_case, filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('no-restricted-syntax');
  });

  it('let the one formatter format, and a page show a date or a time through it', async () => {
    expect(await ruleIds('packages/shared/src/date-time-text.ts', "import { format } from 'date-fns';\nexport const probe = (d: Date) => format(d, 'hh:mm a');\n")).toEqual([]);
    const page =
      "import { clockRange, formatDate } from '@/lib/format';\nexport const Probe = ({ b }: { b: { date: string; time: string; endTime: string } }) => <p key={`${b.date}`}>{formatDate(b.date, 'dd/MM/yyyy')} {clockRange(b.time, b.endTime)}</p>;\n";
    expect(await ruleIds('apps/web/src/features/bookings/components/probe.tsx', page)).toEqual([]);
  });

  it('refuse a file name that is not kebab-case', async () => {
    expect(await ruleIds('apps/web/src/components/ui/FancyButton.tsx', 'export const x = 1;\n')).toContain('check-file/filename-naming-convention');
  });
});

describe('the cycle rules (dependency-cruiser)', () => {
  /** Cruises a small tree laid out like the server with the project's own dependency-cruiser rules. */
  async function folderViolations(files: Record<string, string>): Promise<string[]> {
    const { cruise } = await import('dependency-cruiser');
    const require = createRequire(import.meta.url);
    const config = require('./.dependency-cruiser.cjs') as { forbidden: unknown[]; options: Record<string, unknown> };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depcruise-'));
    try {
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      }
      const result = await cruise(['apps/server/src'], { ...config.options, baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden } } as never);
      const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
      return output.summary.violations.map((v) => v.rule.name);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('refuses a circle between module folders that passes through different files each way', async () => {
    // No file cycle: a/x → b/b.api → b/y; b/z → a/a.api → a/w. Only the folders meet in a circle.
    const violations = await folderViolations({
      'apps/server/src/modules/a/x.ts': "import { y } from '../b/b.api.ts';\nexport const x = y;\n",
      'apps/server/src/modules/a/w.ts': 'export const w = 1;\n',
      'apps/server/src/modules/a/a.api.ts': "export { w } from './w.ts';\n",
      'apps/server/src/modules/b/y.ts': 'export const y = 1;\n',
      'apps/server/src/modules/b/z.ts': "import { w } from '../a/a.api.ts';\nexport const z = w;\n",
      'apps/server/src/modules/b/b.api.ts': "export { y } from './y.ts';\n",
    });
    expect(violations).toContain('no-module-cycle');
  });

  it('refuses two files that import each other round a circle', async () => {
    const violations = await folderViolations({
      'apps/server/src/lib/p.ts': "import { r } from './r.ts';\nexport const p = r;\n",
      'apps/server/src/lib/q.ts': "import { p } from './p.ts';\nexport const q = p;\n",
      'apps/server/src/lib/r.ts': "import { q } from './q.ts';\nexport const r = q;\n",
    });
    expect(violations).toContain('no-cycle');
  });

  it('lets a type-only import close a circle', async () => {
    const violations = await folderViolations({
      'apps/server/src/lib/p.ts': "import { q } from './q.ts';\nexport type P = number;\nexport const p = q;\n",
      'apps/server/src/lib/q.ts': "import type { P } from './p.ts';\nexport const q: P = 1;\n",
    });
    expect(violations).toEqual([]);
  });

  it('lets modules depend on each other in one direction', async () => {
    const violations = await folderViolations({
      'apps/server/src/modules/a/x.ts': "import { y } from '../b/b.api.ts';\nexport const x = y;\n",
      'apps/server/src/modules/b/y.ts': 'export const y = 1;\n',
      'apps/server/src/modules/b/b.api.ts': "export { y } from './y.ts';\n",
    });
    expect(violations).toEqual([]);
  });
});
