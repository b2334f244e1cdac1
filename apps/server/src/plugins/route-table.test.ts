import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { routeTablePlugin } from './route-table';

describe('the route table', () => {
  it('lists every route registered after it, each method once, with its full path, config and schema', async () => {
    const app = Fastify();
    app.get('/before', async () => 'not seen');
    await app.register(routeTablePlugin);
    const schema = { querystring: { type: 'object', properties: { page: { type: 'integer' } } } };
    app.get('/api/things', { config: { auth: 'customer' }, schema }, async () => []);
    await app.register(
      async (child) => {
        child.post('/add/:id', { config: { auth: 'customer', upload: true } }, async () => ({}));
        child.route({ method: ['PUT', 'DELETE'], url: '/:id', handler: async () => ({}) });
        child.head('/probe', async () => '');
      },
      { prefix: '/api/other' },
    );
    await app.ready();
    expect(app.routeTable.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/things', 'POST /api/other/add/:id', 'PUT /api/other/:id', 'DELETE /api/other/:id', 'HEAD /api/other/probe']);
    expect(app.routeTable[0]).toMatchObject({ config: { auth: 'customer' }, schema });
    expect(app.routeTable[1]!.config).toEqual({ auth: 'customer', upload: true });
    expect(app.routeTable[2]!.config).toEqual({});
    // Fastify still answers HEAD for a GET route; the table names the GET.
    expect((await app.inject({ method: 'HEAD', url: '/api/things' })).statusCode).toBe(200);
    await app.close();
  });
});
