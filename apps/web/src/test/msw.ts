import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupServer } from 'msw/node';

/**
 * The fake server of the component tests. Handlers are written with MSW's typed `http.get<Params,
 * Body, Answer>` and the answer types of `@portal/shared`, so a fake answer cannot drift from what
 * the real server sends. Any request without a handler fails the test.
 */
export const server = setupServer();

export function installMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
