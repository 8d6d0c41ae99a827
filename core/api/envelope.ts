import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isServiceError, type ErrorCode } from '../model/index.js';

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

/**
 * One error handler for the whole API: ServiceErrors keep their status and code; request
 * errors become 400 VALIDATION_ERROR; anything unexpected is logged and answered 500
 * INTERNAL_ERROR without internals.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (isServiceError(error)) {
    reply.status(error.status).send(errorBody(error.code, error.message, error.data));
    return;
  }
  if (error.validation || (error.code && CLIENT_ERROR_CODES.has(error.code))
    || (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)) {
    const message = error.validation
      ? `Invalid request: ${error.message}`
      : `Invalid request: ${error.message.replace(/^Body cannot be empty.*$/, 'the JSON body is missing')}`;
    reply.status(400).send(errorBody('VALIDATION_ERROR', message));
    return;
  }
  request.log.error({ err: error }, 'unexpected error');
  reply.status(500).send(errorBody('INTERNAL_ERROR', 'Internal error; the request was not completed. Retry, and report it if it persists.'));
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply): void {
  reply.status(404).send(errorBody('NOT_FOUND', `No endpoint ${request.method} ${request.url.split('?')[0]}. See /api/openapi.json.`));
}
