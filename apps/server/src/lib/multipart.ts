/**
 * Reads the one file of a multipart/form-data body that is already in memory and size-limited
 * (RFC 7578). Just enough for a picture upload; the portal takes no other multipart input.
 */
export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** The boundary of a multipart/form-data content type, or null when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [media, ...params] = contentType.split(';').map((p) => p.trim());
  if (media?.toLowerCase() !== 'multipart/form-data') return null;
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq > 0 && p.slice(0, eq).trim().toLowerCase() === 'boundary') {
      const value = p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
      return /^[0-9A-Za-z'()+_,./:=? -]{1,70}$/.test(value) ? value : null;
    }
  }
  return null;
}

function headerParam(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(header) ?? new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header);
  return match ? (match[1] ?? null) : null;
}

/** The first part that carries a file (has a filename); null when the body has none or is malformed. */
export function firstFile(body: Buffer, boundary: string): UploadedFile | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    // "--" after a delimiter closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--') return null;
    const headersStart = afterDelimiter + 2; // CRLF
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersEnd === -1) return null;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
    if (next === -1) return null;
    const headers = body.subarray(headersStart, headersEnd).toString('utf8').split('\r\n');
    const disposition = headers.find((h) => h.toLowerCase().startsWith('content-disposition:')) ?? '';
    const type = headers.find((h) => h.toLowerCase().startsWith('content-type:'));
    const filename = headerParam(disposition, 'filename');
    if (filename !== null) {
      return {
        field: headerParam(disposition, 'name') ?? '',
        filename,
        contentType: type ? type.slice(type.indexOf(':') + 1).trim() : 'application/octet-stream',
        data: body.subarray(headersEnd + 4, next),
      };
    }
    start = next + 2;
  }
  return null;
}
