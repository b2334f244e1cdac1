// `npm run lighthouse`: Lighthouse (mobile) on the landing page and on a signed-in home page
// of the built portal, served by the built server on a temporary SQLite database. Prints the
// scores and the script bytes the landing page fetched; exits non-zero under target.
//
//   --no-build   use the existing build (apps/web/dist, apps/server/dist)
//   PORT=…       port of the temporary server (default 4590); CHROME_PATH as for the tests
//   LIGHTHOUSE_REPORTS=dir   also writes each full report there as JSON
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { tsImport } from 'tsx/esm/api';
import { LANDING_JS_BUDGET_KB } from '../apps/web/scripts/landing-budget.mjs';
import { PortalSession, waitReady } from './lib/portal-session.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { DEMO_PASSWORD } = await tsImport('../apps/server/src/seed/demo-bundles.ts', import.meta.url);
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95 };
const DEMO = { code: 'SPLASH', email: 'parent@example.com', password: DEMO_PASSWORD };
const port = Number(process.env.PORT ?? 4590);
const origin = `http://localhost:${port}`;
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

if (!process.argv.includes('--no-build') || !fs.existsSync(path.join(root, 'apps/server/dist/server.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The built server on a fresh SQLite database of its own, seeded with the demo companies.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dataDir, 'portal.db')}`,
    PUBLIC_URL: origin,
    SEED_DEMO: 'true',
    // The demo companies pay through the simulated gateway, which production refuses unless allowed (decision 054).
    ALLOW_SIMULATED_GATEWAY: 'true',
    SERVE_WEB: 'true',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    REDIS_URL: '',
  },
});

let chrome;
async function cleanUp() {
  await chrome?.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Signs the demo customer in through the API and answers the Cookie header a browser would send. */
async function signIn() {
  const session = new PortalSession(origin);
  await session.signIn(DEMO);
  return session.cookie;
}

async function audit(name, url, extraHeaders) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
    extraHeaders,
  });
  const { lhr } = result;
  if (process.env.LIGHTHOUSE_REPORTS) {
    fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, `${name.replace(/\W+/g, '-')}.json`), result.report);
  }
  const scores = Object.fromEntries(Object.keys(TARGETS).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
    .map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`);
  return { name, url, scores, scriptKb: scriptBytes / 1024, metrics: pick(lhr), failing };
}

function pick(lhr) {
  const value = (id) => lhr.audits[id]?.displayValue ?? '-';
  return { FCP: value('first-contentful-paint'), LCP: value('largest-contentful-paint'), TBT: value('total-blocking-time'), CLS: value('cumulative-layout-shift') };
}

let ok = true;
try {
  await waitReady(origin, { server });
  const cookie = await signIn();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const runs = [await audit('landing', `${origin}/hub`), await audit('signed-in home', `${origin}/hub/company`, { Cookie: cookie })];

  console.log('\nLighthouse (mobile)            perf  a11y  best   script KB  FCP / LCP / TBT / CLS');
  for (const run of runs) {
    const s = run.scores;
    const m = run.metrics;
    console.log(
      `  ${run.name.padEnd(28)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s['best-practices']).padStart(4)}  ${run.scriptKb.toFixed(1).padStart(10)}  ${m.FCP} / ${m.LCP} / ${m.TBT} / ${m.CLS}`,
    );
    for (const [id, target] of Object.entries(TARGETS)) {
      if (s[id] < target) {
        ok = false;
        console.error(`  !! ${run.name}: ${id} ${s[id]} is under ${target}`);
      }
    }
    if (run.failing.length) console.log(`     audits below full marks: ${run.failing.join(', ')}`);
  }
  const landing = runs[0];
  if (landing.scriptKb > LANDING_JS_BUDGET_KB) {
    ok = false;
    console.error(`  !! landing: ${landing.scriptKb.toFixed(1)} KB of script on the wire, budget ${LANDING_JS_BUDGET_KB} KB`);
  }
} catch (error) {
  ok = false;
  console.error(error instanceof Error ? error.stack : error);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);
