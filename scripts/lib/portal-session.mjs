// A browser's cookies for one customer, over the portal's JSON API: used by `npm run bench`
// and `npm run lighthouse` to sign customers in without a browser.

/** Waits until the server at `base` answers /readyz (or `server`, a child process, exits). */
export async function waitReady(base, { timeoutMs = 120_000, server } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${base} did not become ready within ${timeoutMs / 1000} s`);
}

export class PortalSession {
  constructor(base) {
    this.base = base;
    this.jar = new Map();
  }

  /** The Cookie header a browser would send. */
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** One API call (`headers`: extra request headers); answers the parsed JSON and throws on any status but 2xx. */
  async call(method, url, body, headers = {}) {
    // Every unsafe call carries a JSON body and its Origin, as the portal's own calls do.
    const json = method === 'GET' ? undefined : JSON.stringify(body ?? {});
    const res = await fetch(this.base + url, {
      method,
      headers: { ...headers, ...(json === undefined ? {} : { 'content-type': 'application/json', origin: this.base }), cookie: this.cookie },
      body: json,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const [k, v] = [pair.slice(0, at), pair.slice(at + 1)];
      if (v) this.jar.set(k, v);
      else this.jar.delete(k);
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  /** Chooses the company by code and signs the customer in (one account at that company); answers the user. */
  async signIn({ code, email, password }) {
    await this.call('POST', '/api/company/login-by-code', { company_code: code });
    const { user } = await this.call('POST', '/api/customer/login', { email, password });
    return user;
  }
}
