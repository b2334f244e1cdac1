// `npm test`: type check, lint, unit, API and component tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser suite in headless Chromium against the built portal.
// `npm run test:fast` (`--fast`): the same without the build and the browser suite, for the inner loop.
// Arguments after `--` go to Playwright (e.g. `npm test -- --shard=1/2`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const fast = process.argv.includes('--fast');
const playwrightArgs = process.argv.slice(2).filter((a) => a !== '--fast');
const results = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, status: ok ? 'passed' : 'FAILED', seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

const npx = 'npx';
let ok = step('type check', npx, ['tsc', '-b']);
ok = step('lint', npx, ['eslint', '.', '--max-warnings=0']) && ok;
if (!process.env.TEST_DATABASE_URL) console.log('\n(TEST_DATABASE_URL is not set: the API suite runs on SQLite only)');
ok = step('unit, API and component tests', npx, ['vitest', 'run']) && ok;

if (!fast) {
  ok = step('build', 'npm', ['run', 'build']) && ok;
  if (fs.existsSync(chrome)) {
    ok = step('browser tests (Chromium)', npx, ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...playwrightArgs], { CHROME_PATH: chrome }) && ok;
  } else if (ci) {
    console.error(`\n!! No Chromium at ${chrome}: the browser suite cannot run under CI. Install it (apt-get install chromium) or set CHROME_PATH.`);
    results.push({ name: 'browser tests (Chromium)', status: 'FAILED (no browser)', seconds: 0 });
    ok = false;
  } else {
    console.warn(`\n${'!'.repeat(72)}\n!! BROWSER TESTS NOT RUN: no Chromium at ${chrome}.\n!! Install it (apt-get install chromium) or set CHROME_PATH, then run npm test again.\n${'!'.repeat(72)}`);
    results.push({ name: 'browser tests (Chromium)', status: 'NOT RUN (no browser)', seconds: 0 });
  }
}

console.log('\n== summary');
for (const r of results) console.log(`  ${r.name.padEnd(32)} ${r.status.padEnd(22)} ${r.seconds}s`);
process.exit(ok ? 0 : 1);
