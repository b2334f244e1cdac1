import fs from 'node:fs';
import { loadEnv } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { BundleValidationError, importCompanyBundle } from './features/import/import.service.ts';
import { seedDemoData } from './db/seed/seed.ts';

const usage = `Usage:
  npm run migrate                               apply database migrations
  npm run portal -- import-company FILE.json [--strict]
                                                load one company bundle (docs/company-bundle.md);
                                                --strict refuses a bundle with warnings
  npm run portal -- seed-demo                   load the demo companies into an empty database`;

async function main(argv: string[]): Promise<number> {
  const strict = argv.includes('--strict');
  const [command, arg] = argv.filter((a) => a !== '--strict');
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 1;
  }
  const env = loadEnv();
  const handle = openDatabase(env.DATABASE_URL, { watchOtherProcesses: false });
  try {
    const applied = await migrateToLatest(handle);
    if (command === 'migrate') {
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      return 0;
    }
    if (command === 'seed-demo') {
      console.log((await seedDemoData(handle.db)) ? 'Demo companies loaded.' : 'The database already holds companies; nothing loaded.');
      return 0;
    }
    if (command === 'import-company') {
      if (!arg) {
        console.error('import-company needs a file: npm run portal -- import-company FILE.json');
        return 1;
      }
      let input: unknown;
      try {
        input = JSON.parse(fs.readFileSync(arg, 'utf8'));
      } catch (err: unknown) {
        console.error(`Cannot read ${arg}: ${err instanceof Error ? err.message : String(err)}`);
        return 1;
      }
      try {
        const { companyId, code, warnings } = await importCompanyBundle(handle.db, input, { strict });
        for (const warning of warnings) console.warn(`warning: ${warning.path}: ${warning.message}`);
        console.log(`Imported company ${code} (id ${companyId})${warnings.length ? ` with ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : ''}.`);
        return 0;
      } catch (err) {
        if (err instanceof BundleValidationError) {
          console.error(`${arg} was refused; nothing was written:`);
          for (const issue of err.issues) console.error(`  ${issue.path || '(root)'}: ${issue.message}`);
          return 1;
        }
        throw err;
      }
    }
    console.error(`Unknown command "${command}".\n${usage}`);
    return 1;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
