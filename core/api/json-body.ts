import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../model/index.js';

type JsonDone = (error: Error | null, value: unknown) => void;

/**
 * Fastify's own JSON body parser (secure-json-parse: `__proto__` and `constructor.prototype`
 * keys refused against prototype pollution), with refusals a script's author can act on. Its
 * own answer to both a syntax error and a forbidden key is "Body is not valid JSON", which is
 * wrong for the second and says nothing of where the first is. The body is parsed once more
 * only when it was refused, to tell the two apart.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const parse = jsonTextParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => parse(request, String(body), done));
}

/** Parses a whole JSON body's text as useJsonBodyParser does (streamed-json-body.ts uses it for small bodies). */
export function jsonTextParser(app: FastifyInstance): (request: FastifyRequest, text: string, done: JsonDone) => void {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, text, done) => {
    parse(request, text, (error, value) => {
      if (!error) return done(null, value);
      // An empty body keeps fastify's own error (envelope.ts says the JSON body is missing).
      if ((error as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return done(error, undefined);
      done(jsonRefusal(text), undefined);
    });
  };
}

/** The refusal of a JSON syntax error, `detail` saying where it is. */
export const invalidJson = (detail: string): Error => validationError(`Invalid request: the body is not valid JSON: ${detail.slice(0, 200)}.`);
/** The refusal of a body holding a key secure-json-parse refuses. */
export const forbiddenJsonKey = (): Error =>
  validationError('Invalid request: the JSON body holds a "__proto__" or "constructor.prototype" key, which this API refuses; leave it out.');

function jsonRefusal(body: string): Error {
  try {
    JSON.parse(body);
  } catch (syntax) {
    return invalidJson((syntax as Error).message);
  }
  return forbiddenJsonKey();
}
