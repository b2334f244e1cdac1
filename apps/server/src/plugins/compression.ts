import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding to use for a request's Accept-Encoding: brotli, else gzip, else none. A coding
 * with q=0 is refused; finer q ordering is not worth honouring for two codings.
 */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of String(header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Brotli at quality 4: about gzip's speed with brotli's size for answers of a few kilobytes. */
function compress(encoding: 'br' | 'gzip', body: Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/** JSON answers and the portal's page (index.html with its preloads, built per request). */
const COMPRESSED_TYPES = /^(application\/json|text\/html)\b/;

/**
 * Compresses JSON answers and the page of COMPRESS_MIN_BYTES or more with brotli or gzip, as the
 * browser accepts (get-config is about 11 KB, a page of notifications several, the page about
 * 3 KB). Static assets are precompressed at build time (plugins/web.ts) and are not touched
 * here. Answers under the threshold, 304s and HEADs go out as they are.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!COMPRESSED_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    // Added to what the route varies by (the page varies by its cookies too).
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(encoding, typeof payload === 'string' ? Buffer.from(payload) : payload);
  });
});
