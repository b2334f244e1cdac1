import { runnerImport } from 'vite';

/**
 * The portal calls each endpoint by its definition (packages/shared/src/endpoints), but needs
 * only its method, path and family access (decision 101) at run time: the definitions' zod schemas give the web its types and
 * the server its validation. In the build, an import of a definitions file gets a module holding
 * just the addresses, so the schemas (and zod with them) stay out of the pages that do not
 * validate anything themselves. The types still come from the real file (TypeScript never sees
 * this). The component tests run on the real definitions.
 */
export function endpointAddresses(endpointsDir) {
  const cache = new Map();
  return {
    name: 'endpoint-addresses',
    enforce: 'pre',
    // A definitions file edited while the dev server runs is read again.
    watchChange(id) {
      cache.delete(id);
    },
    async load(id) {
      const file = id.split('?')[0];
      if (!file.startsWith(endpointsDir) || !file.endsWith('.ts')) return null;
      let code = cache.get(file);
      if (!code) {
        const { module } = await runnerImport(file);
        code = Object.entries(module)
          .map(([name, endpoints]) => `export const ${name} = ${JSON.stringify(addresses(file, name, endpoints))};`)
          .join('\n');
        cache.set(file, code);
      }
      return code;
    },
  };
}

function addresses(file, name, endpoints) {
  const out = {};
  for (const [key, endpoint] of Object.entries(endpoints ?? {})) {
    if (!endpoint || typeof endpoint.method !== 'string' || typeof endpoint.path !== 'string') {
      throw new Error(`${file}: ${name}.${key} is not an endpoint definition; a definitions file exports maps of endpoints only`);
    }
    // The family role an endpoint needs travels too: the portal hides what the role cannot call (decision 101).
    out[key] = { method: endpoint.method, path: endpoint.path, ...(endpoint.access ? { access: endpoint.access } : {}) };
  }
  return out;
}
