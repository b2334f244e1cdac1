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
    expect(await ruleIds('apps/server/src/features/home/home.routes.ts', "import { listUpcomingClasses } from './home.service.ts';\nexport const f = listUpcomingClasses;\n")).toEqual([]);
  });

  it.each([
    ['a route importing a repository', 'apps/server/src/features/home/home.routes.ts', "import { findUpcomingClasses } from './home.repository.ts';\nexport const f = findUpcomingClasses;\n"],
    ['a plugin importing a feature', 'apps/server/src/plugins/auth.ts', "import { findSessions } from '../features/session/session.service.ts';\nexport const f = findSessions;\n"],
    ['a service importing another feature\'s repository', 'apps/server/src/features/home/home.service.ts', "import { findLogin } from '../customer/customer.repository.ts';\nexport const f = findLogin;\n"],
    ['the demo seed importing a repository', 'apps/server/src/db/seed/seed.ts', "import { countCompanies } from '../../features/import/import.repository.ts';\nexport const f = countCompanies;\n"],
    ['a repository importing a service', 'apps/server/src/features/home/home.repository.ts', "import { listOutstandingInvoices } from './home.service.ts';\nexport const f = listOutstandingInvoices;\n"],
    ['a web feature importing another feature', 'apps/web/src/features/home/components/probe.tsx', "import { login } from '@/features/auth/api/login';\nexport const f = login;\n"],
    ['shared web code importing a feature', 'apps/web/src/lib/probe.ts', "import { login } from '@/features/auth/api/login';\nexport const f = login;\n"],
    // A small module of app/: the router would make import-x/no-cycle walk every route (seconds).
    ['a web feature importing the app', 'apps/web/src/features/home/components/probe.tsx', "import { queryClient } from '@/app/query-client';\nexport const f = queryClient;\n"],
  ])('refuse %s', async (_case, filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('import-x/no-restricted-paths');
  });

  it('refuse SQL in a service', async () => {
    expect(await ruleIds('apps/server/src/features/home/home.service.ts', "import { sql } from 'kysely';\nexport const f = sql;\n")).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('refuse an import cycle', async () => {
    // domain/company.ts imports lib/app-error.ts, so app-error importing it back closes a cycle.
    expect(await ruleIds('apps/server/src/lib/app-error.ts', "import { isCompanyActive } from '../domain/company.ts';\nexport const f = isCompanyActive;\n")).toContain('import-x/no-cycle');
  });

  it('refuse an image without alternative text', async () => {
    expect(await ruleIds('apps/web/src/components/ui/probe.tsx', 'export const Probe = () => <img src="/logo.png" />;\n')).toContain('jsx-a11y/alt-text');
  });

  it('refuse an answer shape written by hand in a web call', async () => {
    const code = "import { api } from '@/lib/api-client';\nexport const f = () => api<{ success: true }>('/api/customer/logout', { method: 'POST' });\n";
    expect(await ruleIds('apps/web/src/features/home/api/probe.ts', code)).toContain('no-restricted-syntax');
  });

  it('refuse a file name that is not kebab-case', async () => {
    expect(await ruleIds('apps/web/src/components/ui/FancyButton.tsx', 'export const x = 1;\n')).toContain('check-file/filename-naming-convention');
  });
});
