import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { DEMO_PASSWORD } from '../seed/demo-bundles.ts';

/**
 * The durability run (issue 20): the server as `npm start` runs it, in a process of its own,
 * takes concurrent writes of several kinds, each carrying a marker, and is killed with SIGKILL at
 * a random moment, then started again. After each restart every write is checked from the
 * outside: an acknowledged one is there, an unknown one (the connection cut) is wholly there or
 * wholly absent, a payment has its invoice and receipt together or neither, a picture its row and
 * its image together, and a checkout retried under its Idempotency-Key charges once.
 */

type Outcome = 'ack' | 'refused' | 'unsent' | 'unknown';
interface Write {
  kind: 'details' | 'student' | 'checkout' | 'read' | 'picture';
  marker: string;
  outcome: Outcome;
  at: number;
  key?: string;
  invoiceNo?: string;
}

export interface DurabilityReport {
  engine: string;
  runs: number;
  writes: Record<Outcome, number>;
  byKind: Record<string, number>;
  lost: string[];
  torn: string[];
  doubleCharged: string[];
  /** Restart to ready, per run, in ms. */
  readyMs: number[];
}

const root = path.resolve(import.meta.dirname, '../../../..');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A browser's cookies for one customer. */
class Session {
  private readonly jar = new Map<string, string>();
  constructor(private readonly base: () => string) {}

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
    const form = body instanceof FormData;
    const res = await fetch(this.base() + url, {
      method,
      headers: {
        ...headers,
        origin: this.base(),
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      const [k, v] = [pair.slice(0, at), pair.slice(at + 1)];
      if (v) this.jar.set(k, v);
      else this.jar.delete(k);
    }
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  async signIn(code: string, email: string): Promise<void> {
    await this.call('POST', '/api/company/login-by-code', { company_code: code });
    const clients = (await this.call('POST', '/api/customer/get-clients', { email, password: DEMO_PASSWORD })).body as { clients: { ClientID: number }[] };
    const res = await this.call('POST', '/api/customer/login', { email, password: DEMO_PASSWORD, client_id: clients.clients[0]!.ClientID });
    if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** What a write's answer says of it: acknowledged, refused, never sent, or unknown (the connection cut). */
async function attempt(fn: () => Promise<{ status: number }>): Promise<Outcome> {
  try {
    const { status } = await fn();
    if (status >= 200 && status < 300) return 'ack';
    return status >= 500 ? 'unknown' : 'refused';
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'unsent' : 'unknown';
  }
}

interface DurabilityOptions {
  databaseUrl: string;
  runs: number;
  seconds: number;
  /** Send every unknown checkout again under its key at the end (waits out the leases of the killed processes). */
  retryUnknown?: boolean;
  log?: (line: string) => void;
}

export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  const spawned = new Set<ChildProcess>();
  const bundle = await bundled();
  try {
    return await run(options, bundle.entry, spawned);
  } finally {
    // A run that failed or timed out leaves no server behind.
    for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(bundle.dir, { recursive: true, force: true });
  }
}

/**
 * The server bundled as `npm run build` bundles it (apps/server/build.mjs: its packages left to
 * node_modules), into a folder of its own, so each restart starts what `npm start` starts and not a
 * compile from source beside the rest of the suite (which took 15 to 20 s on two busy cores).
 */
async function bundled(): Promise<{ dir: string; entry: string }> {
  const { bundleServer } = await import('../../build.mjs');
  const cache = path.join(root, 'apps/server/node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'durability-'));
  await bundleServer({ entryPoints: { server: './src/server.ts' }, outdir: dir, extension: '.mjs' });
  return { dir, entry: path.join(dir, 'server.mjs') };
}

async function run(options: DurabilityOptions, entry: string, spawned: Set<ChildProcess>): Promise<DurabilityReport> {
  const log = options.log ?? (() => undefined);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;

  const start = async (): Promise<number> => {
    const started = Date.now();
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        LOG_LEVEL: 'fatal',
        SERVE_WEB: 'false',
        SMTP_URL: '',
        REDIS_URL: '',
        AUTH_RATE_LIMIT: '100000',
        SESSION_RATE_LIMIT: '100000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server = child;
    spawned.add(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}: ${stderr}`);
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return Date.now() - started;
      if (Date.now() - started > 60_000) throw new Error('the server did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const kill = async () => {
    const child = server!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  const readyMs: number[] = [];
  await start();
  const handle: DatabaseHandle = openDatabase(options.databaseUrl);
  const db = handle.db;
  const parent = new Session(() => base);
  const dancer = new Session(() => base);
  await parent.signIn('SPLASH', 'parent@example.com');
  await dancer.signIn('THAMES', 'dancer@example.com');
  const splash = await db.selectFrom('companies').select('id').where('code', '=', 'SPLASH').executeTakeFirstOrThrow();
  const parentId = (await db.selectFrom('clients').select('id').where('company_id', '=', splash.id).where('email', '=', 'parent@example.com').executeTakeFirstOrThrow()).id;
  const dancerId = (await db.selectFrom('clients').select('id').where('email', '=', 'dancer@example.com').executeTakeFirstOrThrow()).id;
  const invoices: string[] = [];
  for (let i = 0; i < 40 * options.runs; i++) {
    const no = `DUR-${randomBytes(4).toString('hex').toUpperCase()}`;
    invoices.push(no);
    await db
      .insertInto('invoices')
      .values({ company_id: splash.id, client_id: parentId, invoice_no: no, invoice_date: '2026-01-01', payment_date: '2099-01-15', total_cents: 1_000, balance_due_cents: 1_000, status: 'Unpaid' })
      .execute();
  }
  const unread = await db.selectFrom('notification_contacts').select('id').where('company_id', '=', splash.id).where('client_id', '=', parentId).where('read_at', 'is', null).orderBy('id').execute();
  const readQueue = unread.map((r) => r.id);
  const details = ((await parent.call('GET', '/api/customer/get-details')).body as { client: Record<string, unknown> }).client;
  const dancerStudents = ((await dancer.call('GET', '/api/student/get-all?limit=100')).body as { students: { StudentID: number }[] }).students;
  const pictureStudent = dancerStudents[0]!.StudentID;

  const writes: Write[] = [];
  const record = (w: Omit<Write, 'at'>) => writes.push({ ...w, at: Date.now() });
  const marker = () => randomBytes(5).toString('hex');

  let running = true;
  const loops: Record<Write['kind'], () => Promise<void>> = {
    async details() {
      const m = marker();
      record({ kind: 'details', marker: m, outcome: await attempt(() => parent.call('POST', '/api/customer/update-details', { ...details, Address2: `Unit ${m}` })) });
    },
    async student() {
      const m = marker();
      record({ kind: 'student', marker: m, outcome: await attempt(() => dancer.call('POST', '/api/student/add', { FirstName: 'Durable', LastName: `M${m}`, DOB: '2018-03-04', Gender: 'Female' })) });
    },
    async checkout() {
      const invoiceNo = invoices.shift();
      if (!invoiceNo) return;
      const key = randomBytes(16).toString('hex');
      const body = { invoices: [invoiceNo], useSavedCard: true };
      record({ kind: 'checkout', marker: invoiceNo, key, invoiceNo, outcome: await attempt(() => parent.call('POST', '/api/payment/checkout', body, { 'idempotency-key': key })) });
    },
    async read() {
      const id = readQueue.shift();
      if (id === undefined) return;
      record({ kind: 'read', marker: String(id), outcome: await attempt(() => parent.call('POST', '/api/notification/mark-read', { notificationContactID: id })) });
    },
    async picture() {
      const m = marker();
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: parseInt(m.slice(0, 2), 16), g: 80, b: 160 } } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
      record({ kind: 'picture', marker: m, outcome: await attempt(() => dancer.call('POST', `/api/student/update-profile-picture/${pictureStudent}`, form)) });
    },
  };
  const writer = async (kind: Write['kind']) => {
    while (running) {
      await loops[kind]();
      // A write refused because the server is down is retried at once, as a client would once it is back.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  const lost: string[] = [];
  const torn: string[] = [];
  const doubleCharged: string[] = [];
  for (let run = 0; run < options.runs; run++) {
    running = true;
    const writers = (Object.keys(loops) as Write['kind'][]).map((k) => writer(k));
    await new Promise((resolve) => setTimeout(resolve, (0.3 + Math.random() * 0.7) * options.seconds * 1000));
    await kill();
    // The writers see the connection cut, then connections refused.
    await new Promise((resolve) => setTimeout(resolve, 100));
    running = false;
    await Promise.all(writers);
    readyMs.push(await start());
    await check();
    log(`run ${run + 1}/${options.runs}: ${writes.length} writes so far, ready again in ${readyMs.at(-1)} ms`);
  }
  if (options.retryUnknown) await check(true);
  await kill();
  await handle.close();

  /**
   * Sends an unknown checkout again under its key until it ends: a payment whose process died keeps
   * its lease (30 s) before another process may finish it, and is answered 409 meanwhile.
   */
  async function settle(w: Write): Promise<Outcome> {
    const until = Date.now() + 120_000;
    for (;;) {
      const again = await parent.call('POST', '/api/payment/checkout', { invoices: [w.invoiceNo], useSavedCard: true }, { 'idempotency-key': w.key! }).catch(() => ({ status: 0, body: null }));
      if (again.status === 200) return 'ack';
      const inProgress = again.status === 0 || (again.body as { code?: string } | null)?.code === 'PAYMENT_IN_PROGRESS';
      if (!inProgress || Date.now() > until) return 'refused';
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  async function check(retry = false) {
    // My details: the stored address is the last acknowledged one, or a later write whose answer was lost.
    const now = ((await parent.call('GET', '/api/customer/get-details')).body as { client: { Address2: string } }).client.Address2;
    const ds = writes.filter((w) => w.kind === 'details');
    const lastAck = ds
      .map((w, i) => ({ w, i }))
      .filter(({ w }) => w.outcome === 'ack')
      .at(-1);
    const allowed = new Set(
      ds
        .slice(lastAck?.i ?? 0)
        .filter((w) => w.outcome === 'ack' || w.outcome === 'unknown')
        .map((w) => `Unit ${w.marker}`),
    );
    if (lastAck && !allowed.has(now)) lost.push(`details: ${now} is not the last acknowledged ${lastAck.w.marker}`);

    const students = (await db.selectFrom('students').select('last_name').where('client_id', '=', dancerId).execute()).map((s) => s.last_name);
    for (const w of writes.filter((x) => x.kind === 'student' && x.outcome === 'ack')) if (!students.includes(`M${w.marker}`)) lost.push(`student ${w.marker}`);

    for (const w of writes.filter((x) => x.kind === 'read' && x.outcome === 'ack')) {
      const row = await db.selectFrom('notification_contacts').select('read_at').where('id', '=', Number(w.marker)).executeTakeFirst();
      if (!row?.read_at) lost.push(`mark-read ${w.marker}`);
    }

    const pic = await db.selectFrom('students').select('profile_picture').where('id', '=', pictureStudent).executeTakeFirst();
    const stored = await db.selectFrom('student_pictures').select('version').where('student_id', '=', pictureStudent).executeTakeFirst();
    if (pic?.profile_picture && (!stored || !pic.profile_picture.includes(stored.version))) torn.push(`picture: row ${pic.profile_picture}, image ${stored?.version ?? 'none'}`);
    if (!pic?.profile_picture && writes.some((w) => w.kind === 'picture' && w.outcome === 'ack')) lost.push('picture');

    for (const w of writes.filter((x) => x.kind === 'checkout' && x.outcome !== 'refused' && x.outcome !== 'unsent')) {
      // At the end, an unknown checkout is sent again under its key, as the portal does: it must end, and charge once.
      if (w.outcome === 'unknown' && retry) w.outcome = await settle(w);
      const invoice = await db
        .selectFrom('invoices')
        .select(['id', 'status', 'balance_due_cents'])
        .where('company_id', '=', splash.id)
        .where('invoice_no', '=', w.invoiceNo!)
        .executeTakeFirstOrThrow();
      const payment = await db.selectFrom('payments').select(['id', 'status']).where('company_id', '=', splash.id).where('idempotency_key', '=', w.key!).executeTakeFirst();
      const receipts = await db.selectFrom('receipt_allocations').select('id').where('company_id', '=', splash.id).where('invoice_id', '=', invoice.id).execute();
      const charges = payment ? await db.selectFrom('gateway_charges').select('status').where('company_id', '=', splash.id).where('idempotency_key', '=', `payment-${payment.id}`).execute() : [];
      const paid = invoice.status === 'Paid';
      if (w.outcome === 'ack' && !paid) lost.push(`checkout ${w.invoiceNo}: acknowledged, invoice ${invoice.status}`);
      if (paid !== (payment?.status === 'completed') || paid !== receipts.length > 0)
        torn.push(`checkout ${w.invoiceNo}: invoice ${invoice.status}, payment ${payment?.status ?? 'none'}, ${receipts.length} receipt lines`);
      if (charges.filter((c) => c.status === 'succeeded').length > 1) doubleCharged.push(w.invoiceNo!);
    }
  }

  const count = (o: Outcome) => writes.filter((w) => w.outcome === o).length;
  const byKind: Record<string, number> = {};
  for (const w of writes) byKind[w.kind] = (byKind[w.kind] ?? 0) + 1;
  return {
    engine: handle.engine,
    runs: options.runs,
    writes: { ack: count('ack'), refused: count('refused'), unsent: count('unsent'), unknown: count('unknown') },
    byKind,
    lost,
    torn,
    doubleCharged,
    readyMs,
  };
}
