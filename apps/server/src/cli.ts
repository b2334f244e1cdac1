import { loadEnv } from './config/env.ts';
import { showOutbox } from './outbox-command.ts';

/**
 * The command-line tool (`npm run portal -- …`). `outbox` only asks the running server, so it
 * starts at once; the other commands load the database and the modules they need when called.
 */
async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('outbox');
  if (at !== -1 && argv.slice(0, at).every((a) => a.startsWith('--'))) return showOutbox(loadEnv().PORT, argv.slice(at + 1));
  const { runCommand } = await import('./cli-commands.ts');
  return runCommand(argv);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
