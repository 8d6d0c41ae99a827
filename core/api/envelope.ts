import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isServiceError, type ErrorCode } from '../model/index.js';
import { JSON_BODY_NEEDED, schemaRefusal } from './validation-message.js';

export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
  data?: Record<string, unknown>;
}

export function errorBody(code: ErrorCode, error: string, data?: Record<string, unknown>): ErrorBody {
  return data ? { success: false, error, code, data } : { success: false, error, code };
}

/** Fastify's own client-error codes (bad JSON, wrong media type, schema mismatch …): all the spec's 400. */
const CLIENT_ERROR_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_VALIDATION',
  'FST_ERR_BAD_URL',
  'FST_ERR_ASYNC_CONSTRAINT',
]);

const BUSY_RETRY_AFTER_S = 2;

/** SQLite could not get its lock in time (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, SQLITE_LOCKED …). */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** What was wrong with a request fastify refused before the route ran. */
function refusalOf(error: FastifyError, request: FastifyRequest): string {
  if (error.validation) return schemaRefusal(error.validation, error.validationContext) ?? error.message;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return JSON_BODY_NEEDED;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return `the body is larger than the ${request.routeOptions.bodyLimit ?? 'allowed'} bytes this endpoint takes.`;
  return error.message.replace(/^Body cannot be empty.*$/, 'the JSON body is missing');
}

/**
 * One error handler for the whole API: ServiceErrors keep their status and code; request
 * errors become 400 VALIDATION_ERROR; anything unexpected is logged and answered 500
 * INTERNAL_ERROR without internals.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (isServiceError(error)) {
    // A source or the team database that failed: the answer says so plainly; which one, and its
    // socket details, go to the log only.
    if (error.status === 503 && (error.cause !== undefined || error.detail)) request.log.warn({ err: error.cause, detail: error.detail }, error.message);
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    reply.status(error.status).send(errorBody(error.code, error.message, error.data));
    return;
  }
  if (isDatabaseBusy(error)) {
    // A lock another writer held longer than our wait: temporary, so 503 with a hint, never 500.
    request.log.warn({ err: error }, 'database busy');
    reply.status(503).header('Retry-After', String(BUSY_RETRY_AFTER_S)).send(errorBody('SERVICE_UNAVAILABLE', 'The service is busy; retry in a few seconds.'));
    return;
  }
  if (
    error.validation ||
    (error.code && CLIENT_ERROR_CODES.has(error.code)) ||
    (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)
  ) {
    reply.status(400).send(errorBody('VALIDATION_ERROR', `Invalid request: ${refusalOf(error, request)}`));
    return;
  }
  request.log.error({ err: error }, 'unexpected error');
  reply.status(500).send(errorBody('INTERNAL_ERROR', 'Internal error; the request was not completed. Retry, and report it if it persists.'));
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply): void {
  reply.status(404).send(errorBody('NOT_FOUND', `No endpoint ${request.method} ${request.url.split('?')[0]}. See /api/openapi.json.`));
}

/**
 * Errors Node's HTTP parser raises before fastify sees a request (headers too large, a request
 * that took too long, a malformed request line) answered in the spec's envelope too. Mirrors
 * fastify's default handler (nothing to write on a reset or destroyed socket).
 */
export function handleClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Invalid request: the request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Invalid request: the request was not received in time.']
        : [400, 'Invalid request: malformed HTTP request.'];
  const body = JSON.stringify(errorBody('VALIDATION_ERROR', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
