import fs from 'node:fs';
import { loadEnv, publicOrigin } from './config/env.ts';
import { openDatabase, refreshPlannerStatistics } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { BundleValidationError, importCompanyBundle } from './modules/import/import.api.ts';
import { seedDemoData } from './seed/seed.ts';
import { setGatewayKeys, simulatedGatewayAllowed } from './modules/payments/payments.api.ts';
import { publishAgreementVersion } from './modules/agreements/agreements.api.ts';
import { AppError } from './lib/app-error.ts';
import { classSessionLinkCommand, classSessionLinkUsage } from './modules/classes/classes.api.ts';
import { confirmDeletionCommand } from './modules/family-data/family-data.api.ts';
import { outboxUsage } from './outbox-command.ts';
import { notifyCommand, notifyUsage } from './modules/messaging/messaging.api.ts';

const usage = `Usage:
  npm run migrate                               apply database migrations
  npm run portal -- import-company FILE.json [--strict]
                                                load one company bundle (docs/company-bundle.md);
                                                --strict refuses a bundle with warnings
  npm run portal -- publish-agreement CODE AGREEMENT FILE.txt [--name NAME] [--signature yes|no]
                                                publish a new version of a company's agreement (by id
                                                or name) with the text in FILE.txt; a required one
                                                is asked of every client at their next sign-in
  npm run portal -- seed-demo                   load the demo companies into an empty database
  npm run portal -- confirm-deletion CODE CLIENT
                                                confirm a family's request to delete its account:
                                                erased at the next hourly run (decision 097)
  npm run portal -- set-gateway CODE --provider stripe --secret-key sk_… --publishable-key pk_… --webhook-secret whsec_…
  npm run portal -- set-gateway CODE --provider gocardless --secret-key <access token> --webhook-secret <secret>
                                                connect a company to its card processor or its direct-debit
                                                provider; the keys are stored encrypted with
                                                PROCESSOR_KEYS_SECRET (decisions 103, 104);
                                                GATEWAY_SECRET_KEY, GATEWAY_WEBHOOK_SECRET … may
                                                give them instead of the options
${notifyUsage}
${outboxUsage}
${classSessionLinkUsage}`;

/** Every command but `outbox`: each opens the database, migrated first. */
export async function runCommand(argv: string[]): Promise<number> {
  const strict = argv.includes('--strict');
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i] as string;
    if (a === '--strict') continue;
    if (a.startsWith('--') && i + 1 < argv.length) options.set(a.slice(2), argv[(i += 1)] as string);
    else positional.push(a);
  }
  const [command, arg] = positional;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return command ? 0 : 1;
  }
  const env = loadEnv();
  const handle = openDatabase(env.DATABASE_URL);
  try {
    const applied = await migrateToLatest(handle);
    if (command === 'migrate') {
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      return 0;
    }
    if (command === 'class-session-link') return await classSessionLinkCommand(handle.db, publicOrigin(env), argv.slice(1));
    if (command === 'confirm-deletion') {
      const [, code, client] = positional;
      if (!code || !client || !/^\d+$/.test(client)) {
        console.error('confirm-deletion needs a company code and a client id');
        return 1;
      }
      const done = await confirmDeletionCommand(handle.db, code, Number(client));
      (done.ok ? console.log : console.error)(done.message);
      return done.ok ? 0 : 1;
    }
    if (command === 'set-gateway') {
      const [, code] = positional;
      // The secrets may come from the environment instead, kept out of the process list and the shell's history.
      const [provider, secretKey, publishableKey, webhookSecret] = ['provider', 'secret-key', 'publishable-key', 'webhook-secret'].map(
        (k) => options.get(k) ?? process.env[`GATEWAY_${k.toUpperCase().replaceAll('-', '_')}`],
      );
      if (!code || !provider || !secretKey || (!publishableKey && provider === 'stripe') || !webhookSecret) {
        console.error('set-gateway needs a company code, --provider, --secret-key, --webhook-secret and (for stripe) --publishable-key');
        return 1;
      }
      const done = await setGatewayKeys({ db: handle.db, env }, code, { provider, secretKey, publishableKey, webhookSecret });
      (done.ok ? console.log : console.error)(done.message);
      return done.ok ? 0 : 1;
    }
    if (command === 'notify') {
      const [, code] = positional;
      const [category, title, content] = ['category', 'title', 'content'].map((k) => options.get(k));
      if (!code || !category || !title || !content) {
        console.error(`notify needs a company code, --category, --title and --content\n${notifyUsage}`);
        return 1;
      }
      const done = await notifyCommand(handle.db, { code, category, title, content, to: options.get('to') ?? 'all' });
      (done.ok ? console.log : console.error)(done.message);
      return done.ok ? 0 : 1;
    }
    if (command === 'seed-demo') {
      console.log((await seedDemoData(handle.db, { refuseSimulatedGateway: !simulatedGatewayAllowed(env) })) ? 'Demo companies loaded.' : 'The database already holds companies; nothing loaded.');
      return 0;
    }
    if (command === 'publish-agreement') {
      const [, code, agreement, file] = positional;
      if (!code || !agreement || !file) {
        console.error('publish-agreement needs a company code, an agreement id or name and a text file');
        return 1;
      }
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err: unknown) {
        console.error(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
        return 1;
      }
      const signature = options.get('signature');
      try {
        const published = await publishAgreementVersion(handle, {
          companyCode: code,
          agreement,
          text,
          name: options.get('name'),
          requiresSignature: signature === undefined ? undefined : signature === 'yes',
        });
        console.log(
          `Published version ${published.version} of "${published.name}" (id ${published.agreementId}).` +
            (published.required ? ' Every client of the company is asked to accept it at their next sign-in.' : ''),
        );
        return 0;
      } catch (err) {
        if (err instanceof AppError) {
          console.error(err.message);
          return 1;
        }
        throw err;
      }
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
        const { companyId, code, warnings } = await importCompanyBundle(handle.db, input, { strict, refuseSimulatedGateway: !simulatedGatewayAllowed(env) });
        await refreshPlannerStatistics(handle);
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
