import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/api-harness.ts';

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The JSON schema of one answer, or undefined when the document does not describe it. */
function answerSchema(op: Operation, status: string): JsonSchema | undefined {
  const content = op.responses?.[status]?.content;
  const schema = content?.['application/json']?.schema;
  if (schema && (schema.properties || schema.anyOf)) return schema;
  // A download (an invoice or receipt PDF) is described by its media type and a binary string.
  const file = content?.['application/pdf']?.schema;
  return file?.type === 'string' && file.format === 'binary' ? file : undefined;
}

describe('the OpenAPI document at /api/docs/json', () => {
  let t: TestApp;
  let paths: Paths;
  const operations: { name: string; op: Operation }[] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const res = await t.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    paths = (res.json() as { paths: Paths }).paths;
    for (const [path, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (op) operations.push({ name: `${method.toUpperCase()} ${path}`, op });
      }
    }
  });
  afterAll(() => t?.close());

  it('lists the API routes', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(operations.map((o) => o.name)).toContain('GET /api/company/get-config');
  });

  it('describes the success answer of every route with its fields', () => {
    // A file answer (the calendar feed's text/calendar) is described by its media type's schema.
    const fileAnswer = (op: Operation) => Object.entries(op.responses?.['200']?.content ?? {}).some(([type, c]) => type !== 'application/json' && c.schema?.type === 'string');
    const missing = operations.filter(({ op }) => !answerSchema(op, '200') && !fileAnswer(op)).map((o) => o.name);
    expect(missing).toEqual([]);
  });

  it('describes every error answer of every route as { message, code, errors? }', () => {
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      for (const status of ['400', '401', '403', '404', '429', '500']) {
        const schema = answerSchema(op, status);
        if (!schema?.properties?.message || !schema.properties.code || !schema.properties.errors || !schema.required?.includes('code')) wrong.push(`${name} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('documents the saves of details from a version: the If-Match header and the 412 answer (decision 145)', () => {
    for (const path of ['/api/student/update/{id}', '/api/customer/update-details']) {
      const op = paths[path]!.post!;
      expect(
        (op.parameters ?? []).map((p) => `${p.in} ${p.name}`),
        path,
      ).toContain('header if-match');
      expect(answerSchema(op, '412')?.properties?.code, path).toBeTruthy();
    }
  });

  it('describes get-config with the company configuration, lists included', () => {
    const schema = answerSchema(paths['/api/company/get-config']!.get!, '200')!;
    expect(Object.keys(schema.properties!)).toEqual(expect.arrayContaining(['CompanyDisplayName', 'CustomerID', 'CustomerPortalActive', 'colors', 'localization', 'lists', 'unfiltered_lists']));
    expect(Object.keys(schema.properties!.lists!.properties!)).toEqual(expect.arrayContaining(['venues', 'lesson_formats', 'standards']));
  });

  it('lists every commerce endpoint (issue 8): quote, checkout, payment, tokenisation, billing, bookings, financials, PDF, calendar feed, with request and response schemas', () => {
    // [operation, what its request carries: a JSON body, path or query parameters, or nothing]
    const expected: [string, 'body' | 'params' | 'none'][] = [
      ['POST /api/payment/quote', 'body'],
      ['POST /api/payment/checkout', 'body'],
      ['GET /api/payment/get-customer-credits', 'none'],
      ['POST /sim-gateway/v1/tokens', 'body'],
      ['GET /sim-gateway/v1/challenges/{id}', 'params'],
      ['POST /sim-gateway/v1/challenges/{id}', 'body'],
      ['GET /api/customer/get-payment-details', 'none'],
      ['POST /api/customer/add-credit-card-details', 'body'],
      ['POST /api/customer/update-credit-card-details', 'body'],
      ['POST /api/customer/update-bank-details', 'body'],
      ['DELETE /api/customer/remove-payment-details', 'none'],
      ['GET /api/bookings/options', 'none'],
      ['GET /api/bookings/availability', 'params'],
      ['POST /api/bookings/check', 'body'],
      ['GET /api/bookings', 'none'],
      ['POST /api/bookings/cancel', 'body'],
      ['GET /api/financials/invoices', 'params'],
      ['GET /api/financials/balance-history', 'params'],
      ['GET /api/financials/upcoming-payments', 'none'],
      ['GET /api/financials/invoices/{invoiceNumber}', 'params'],
      ['GET /api/financials/invoices/{invoiceNumber}/pdf', 'params'],
      ['GET /api/financials/receipts/{receiptNumber}/pdf', 'params'],
      ['POST /api/classes/calendar-feed', 'none'],
      ['DELETE /api/classes/calendar-feed', 'none'],
      ['GET /api/classes/calendar/{token}', 'params'],
    ];
    const byName = new Map(operations.map((o) => [o.name, o.op]));
    const missing = expected.filter(([name]) => !byName.has(name)).map(([name]) => name);
    expect(missing).toEqual([]);
    const undescribed: string[] = [];
    for (const [name, request] of expected) {
      const op = byName.get(name)!;
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (request === 'body' && !body?.properties) undescribed.push(`${name} request body`);
      if (request === 'params' && !op.parameters?.length) undescribed.push(`${name} parameters`);
      const answer = Object.values(op.responses?.['200']?.content ?? {})[0]?.schema;
      if (!answer) undescribed.push(`${name} answer`);
    }
    expect(undescribed).toEqual([]);
  });
});
