// `npm test`: type check, lint, unit, API and component tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the build, side by side; then the browser suite in headless
// Chromium against the built portal.
// `npm run test:fast` (`--fast`): the same without the build and the browser suite, for the inner loop.
// Arguments after `--` go to Playwright (e.g. `npm test -- --shard=1/2`).
//
// Decision 037: the type check and lint are single-threaded and the test run leaves a core idle
// while it starts and ends, so the steps before the browser suite run at the same time. Each
// step's output is held back and printed whole when the step ends, so no two interleave.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from './lib/chromium.mjs';

const chrome = chromiumPath();
const ci = process.env.CI === 'true' || process.env.CI === '1';
const fast = process.argv.includes('--fast');
const playwrightArgs = process.argv.slice(2).filter((a) => a !== '--fast');
const results = [];
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** Runs a step with its output held back; prints it whole when the step ends. Resolves to whether it passed. */
function concurrentStep(name, cmd, args, env = {}) {
  const stepStarted = Date.now();
  const result = { name, status: 'running', seconds: 0 };
  results.push(result);
  console.log(`== ${name} started: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env } });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const finish = (ok, note = '') => {
      result.status = ok ? 'passed' : 'FAILED';
      result.seconds = seconds(stepStarted);
      const output = Buffer.concat(chunks).toString();
      console.log(`\n== ${name}: ${result.status} in ${result.seconds}s (${cmd} ${args.join(' ')})${note}`);
      if (output.trim()) console.log(output.replace(/\n$/, ''));
      resolve(ok);
    };
    child.on('error', (error) => finish(false, `: ${error.message}`));
    child.on('close', (code) => finish(code === 0));
  });
}

function step(name, cmd, args, env = {}) {
  console.log(`\n== ${name}: ${cmd} ${args.join(' ')}`);
  const stepStarted = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  results.push({ name, status: ok ? 'passed' : 'FAILED', seconds: seconds(stepStarted) });
  return ok;
}

const npx = 'npx';
if (!process.env.TEST_DATABASE_URL) console.log('(TEST_DATABASE_URL is not set: the API suite runs on SQLite only)');
const before = [
  // TypeScript's native compiler (tsgo) checks the same projects as tsc in a tenth of the time.
  concurrentStep('type check', npx, ['tsgo', '-b']),
  concurrentStep('lint', 'npm', ['run', '--silent', 'lint:code']),
  // Cycles, dead code and format (npm run lint runs both parts one after the other).
  concurrentStep('lint: cycles, dead code, format', 'npm', ['run', '--silent', 'lint:tree']),
  concurrentStep('unit, API and component tests', npx, ['vitest', 'run']),
];
// The build reads no output of the type check (esbuild and Vite strip the types themselves).
if (!fast) before.push(concurrentStep('build', 'npm', ['run', 'build']));
let ok = (await Promise.all(before)).every(Boolean);

if (!fast) {
  if (!results.find((r) => r.name === 'build' && r.status === 'passed')) {
    console.error('\n!! The build failed: the browser suite cannot run.');
    results.push({ name: 'browser tests (Chromium)', status: 'NOT RUN (no build)', seconds: 0 });
  } else if (fs.existsSync(chrome)) {
    ok = step('browser tests (Chromium)', npx, ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...playwrightArgs], { CHROME_PATH: chrome }) && ok;
  } else if (ci) {
    console.error(`\n!! No Chromium at ${chrome}: the browser suite cannot run under CI. Install it (apt-get install chromium-headless-shell) or set CHROME_PATH.`);
    results.push({ name: 'browser tests (Chromium)', status: 'FAILED (no browser)', seconds: 0 });
    ok = false;
  } else {
    console.warn(
      `\n${'!'.repeat(72)}\n!! BROWSER TESTS NOT RUN: no Chromium at ${chrome}.\n!! Install it (apt-get install chromium-headless-shell) or set CHROME_PATH, then run npm test again.\n${'!'.repeat(72)}`,
    );
    results.push({ name: 'browser tests (Chromium)', status: 'NOT RUN (no browser)', seconds: 0 });
  }
}

console.log('\n== summary (the steps before the browser suite ran side by side)');
for (const r of results) console.log(`  ${r.name.padEnd(32)} ${r.status.padEnd(22)} ${r.seconds}s`);
console.log(`  ${'total'.padEnd(32)} ${''.padEnd(22)} ${seconds(started)}s`);
process.exit(ok ? 0 : 1);
