/**
 * Errors that say the database cannot be reached now, as against a fault in a request or a query:
 * the server answers them 503 (decision 088). Only the PostgreSQL driver marks them, as they leave
 * it, so a payment processor's or Redis's refused connection is not taken for the database's.
 */
const unavailable = new WeakSet<object>();

export function markUnavailable(err: unknown): unknown {
  if (typeof err === 'object' && err !== null) unavailable.add(err);
  return err;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && unavailable.has(err);
}

/**
 * node-postgres gives its own connection failures no code, only these messages; the server's are
 * SQLSTATE classes 08 (connection exception), 57P01–03 (shutting down, crashed, starting up) and
 * 53300 (too many connections); the socket's, the system's codes.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN']);
const SERVER_STATES = /^(08...|57P0[123]|53300)$/;
const DRIVER_MESSAGES = ['Connection terminated', 'Client has encountered a connection error and is not queryable', 'Client was closed and is not queryable'];

/** Whether a query failed because its connection was lost (the server stopped, crashed or is unreachable). */
export function isLostConnection(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_STATES.test(code))) return true;
  return DRIVER_MESSAGES.some((message) => err.message.startsWith(message));
}
