import type { FastifyInstance } from 'fastify';
import { validationError } from '../model/index.js';

/**
 * Fastify's own JSON body parser (secure-json-parse: `__proto__` and `constructor.prototype`
 * keys refused against prototype pollution), with refusals a script's author can act on. Its
 * own answer to both a syntax error and a forbidden key is "Body is not valid JSON", which is
 * wrong for the second and says nothing of where the first is. The body is parsed once more
 * only when it was refused, to tell the two apart.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body); // parseAs string: always text
    parse(request, text, (error, value) => {
      if (!error) return done(null, value);
      // An empty body keeps fastify's own error (envelope.ts says the JSON body is missing).
      if ((error as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return done(error, undefined);
      done(jsonRefusal(text), undefined);
    });
  });
}

function jsonRefusal(body: string): Error {
  try {
    JSON.parse(body);
  } catch (syntax) {
    return validationError(`Invalid request: the body is not valid JSON: ${(syntax as Error).message.slice(0, 200)}.`);
  }
  return validationError('Invalid request: the JSON body holds a "__proto__" or "constructor.prototype" key, which this API refuses; leave it out.');
}
