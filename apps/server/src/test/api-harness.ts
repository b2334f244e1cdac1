import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Env } from '../config/env.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { createTestDatabase } from './test-db.ts';
import type { Engine } from '../db/database.ts';
import { DEMO_PASSWORD } from '../db/seed/demo-bundles.ts';
import { startMailbox, type Mailbox, type ReceivedMail } from './mailbox.ts';

export { testEngines } from './test-db.ts';
export { DEMO_PASSWORD } from '../db/seed/demo-bundles.ts';

export interface TestApp {
  server: FastifyInstance;
  runtime: Runtime;
  /** The SMTP server the app delivers to (unless the test set SMTP_URL itself). */
  mailbox: Mailbox;
  /** Waits for queued mail, then answers the newest message to an address. */
  lastMailTo(to: string): Promise<ReceivedMail | undefined>;
  close(): Promise<void>;
}

/** A real app on a fresh, migrated database of the given engine, holding the demo companies. */
export async function startTestApp(engine: Engine, env: Partial<Env> = {}, options: { logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const handle = await createTestDatabase(engine);
  const mailbox = await startMailbox();
  const runtime = await createRuntime({
    handle,
    ...options,
    LOG_LEVEL: 'silent',
    SERVE_WEB: false,
    AUTH_RATE_LIMIT: 100_000,
    AUTH_EMAIL_RATE_LIMIT: 100_000,
    PUBLIC_URL: 'http://portal.test',
    TRUSTED_ORIGINS: '',
    SMTP_URL: mailbox.url,
    REDIS_URL: undefined,
    ...env,
  });
  await seedDemoData(handle.db);
  return {
    server: runtime.server,
    runtime,
    mailbox,
    async lastMailTo(to) {
      await runtime.deps.mailer.flush();
      return mailbox.lastTo(to);
    },
    async close() {
      await runtime.close();
      await mailbox.close();
      await handle.close();
      await handle.drop();
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** A browser stand-in: keeps its cookies between calls, like the portal in a tab. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly server: FastifyInstance) {}

  async call<T = Record<string, unknown>>(method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await this.server.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers: { ...headers, ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) },
    });
    for (const c of res.cookies) {
      const expired = c.expires !== undefined && new Date(c.expires).getTime() <= Date.now();
      if (!c.value || expired || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const text = res.body;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (HTML or empty): keep the text.
    }
    return { status: res.statusCode, body: body as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.call<T>('GET', url);
  }
  post<T = Record<string, unknown>>(url: string, payload: unknown = {}, headers?: Record<string, string>) {
    return this.call<T>('POST', url, payload, headers);
  }

  /** Chooses a company by its code. */
  async enterCompany(code: string) {
    const res = await this.post('/api/company/login-by-code', { company_code: code });
    if (res.status !== 200) throw new Error(`login-by-code ${code}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  /** Chooses a company and signs in, picking the first account when the e-mail has several. */
  async signIn(code: string, email: string, password = DEMO_PASSWORD, clientIndex = 0) {
    await this.enterCompany(code);
    const clients = await this.post<{ clients: { ClientID: number }[] }>('/api/customer/get-clients', { email, password });
    if (clients.status !== 200) throw new Error(`get-clients: ${clients.status} ${JSON.stringify(clients.body)}`);
    const clientId = clients.body.clients[clientIndex]?.ClientID;
    const res = await this.post<{ user: { ClientID: number }; actions: unknown[] }>('/api/customer/login', { email, password, client_id: clientId });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}
