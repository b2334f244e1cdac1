// The load of most rows of `npm run bench`: autocannon's connections rotating through the
// signed-in customers on one URL.
import autocannon from 'autocannon';

/**
 * One autocannon run of `connections` for `seconds`, whose connections rotate through the
 * customers. `validator`: send each customer's last ETag for this URL, as a browser's poll does.
 */
export function measureRequests({ base, url, customers, opts = {}, etags = new Map(), connections, seconds }) {
  const { auth = true, validator = false } = opts;
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method: opts.method ?? 'GET',
            path: url,
            ...(opts.body ? { body: opts.body } : {}),
            setupRequest(req, context) {
              if (!auth) return req;
              const i = next++;
              const c = customers[i % customers.length];
              context.customer = c;
              const body = opts.bodyFor ? opts.bodyFor(i) : opts.body;
              const headers = { ...req.headers, cookie: c.cookie, ...(body ? { 'content-type': 'application/json' } : {}) };
              const etag = validator ? etags.get(c) : undefined;
              if (etag) headers['if-none-match'] = etag;
              return { ...req, headers, ...(opts.bodyFor ? { body } : {}) };
            },
            onResponse(status, _body, context, headers) {
              if (status === 200 && headers?.etag) etags.set(context.customer, headers.etag);
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        if (result['4xx'] + result['5xx'] > 0) return reject(new Error(`${url}: ${result['4xx']} 4xx and ${result['5xx']} 5xx answers`));
        const notModified = result.statusCodeStats?.['304']?.count ?? 0;
        resolve({ rps: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, share304: notModified / Math.max(1, result.requests.total) });
      },
    );
  });
}
