import type { FastifyCompressOptions } from '@fastify/compress';
import { constants } from 'node:zlib';

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * `@fastify/compress` as the portal uses it: JSON answers and the page (index.html with its
 * preloads, built per request) of COMPRESS_MIN_BYTES or more go out in brotli, else gzip, as the
 * browser accepts (get-config is about 11 KB, a page of notifications several, the page about
 * 3 KB). Brotli at quality 4 is about gzip's speed with brotli's size for answers of a few
 * kilobytes. Static assets are precompressed at build time (plugins/web.ts) and carry their
 * Content-Encoding already, so they pass as they are; so do 304s, images and PDFs. Request
 * bodies are never inflated: the API takes JSON as sent and nothing else (plugins/security.ts).
 */
export const compressionOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: COMPRESS_MIN_BYTES,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
  globalDecompression: false,
};
