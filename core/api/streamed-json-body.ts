import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { JSONParser } from '@streamparser/json';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { forbiddenJsonKey, invalidJson, jsonTextParser } from './json-body.js';

/** Bodies up to this size are parsed whole, as every other route's (a few ms of JSON.parse). */
const WHOLE_BODY_BYTES = 1024 * 1024;
/** Bytes decoded in one turn of the event loop (about a millisecond of @streamparser/json). */
const SLICE_BYTES = 64 * 1024;

/**
 * JSON bodies of the routes registered in `app` (an encapsulated plugin) decoded as they stream
 * in: a batch's 20 MiB CSV body decoded by JSON.parse in one go held the event loop 100 ms idle,
 * 265 ms under load (issue #38). Small bodies are parsed whole by the API's own parser
 * (json-body.ts), so their refusals are the same word for word; a large one is decoded a slice
 * per turn by @streamparser/json, keeping the same refusals: the route's bodyLimit, invalid JSON,
 * and the keys secure-json-parse refuses. The route's schema then validates the value as for
 * any body.
 */
export function useStreamedJsonBody(app: FastifyInstance): void {
  const parseWhole = jsonTextParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readBody(request, payload, parseWhole).then(
      (value) => done(null, value),
      (error: Error) => done(error, undefined),
    );
  });
}

async function readBody(request: FastifyRequest, payload: Readable, parseWhole: ReturnType<typeof jsonTextParser>): Promise<unknown> {
  const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  let held: Buffer[] = [];
  let received = 0;
  let streamed: StreamedJson | undefined;
  await new Promise<void>((resolve, reject) => {
    let work = Promise.resolve();
    const stop = (error?: Error) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', stop);
      if (error) reject(error);
      else resolve();
    };
    const onEnd = () => {
      void work.then(() => stop(), stop);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      // As fastify's own reader: listeners off, the rest of the body left unread, the connection closed by the answer.
      if (received > limit) return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (!streamed && received <= WHOLE_BODY_BYTES) {
        held.push(chunk);
        return;
      }
      payload.pause();
      const pieces = streamed ? [chunk] : [...held, chunk];
      held = [];
      streamed ??= new StreamedJson();
      const parser = streamed;
      work = work
        .then(async () => {
          for (const piece of pieces) await parser.write(piece);
          payload.resume();
        })
        .catch((error: Error) => {
          stop(error);
          throw error;
        });
      work.catch(() => {});
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', stop);
    payload.resume();
  });
  if (!Number.isNaN(declared) && received !== declared) throw new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH();
  if (!streamed) {
    const text = Buffer.concat(held, received).toString('utf8');
    return new Promise((resolve, reject) => parseWhole(request, text, (error, value) => (error ? reject(error) : resolve(value))));
  }
  return streamed.end();
}

/** One JSON document decoded a slice per turn of the event loop. */
class StreamedJson {
  private readonly parser = new JSONParser({ paths: ['$'], keepStack: false });
  /** Invalid UTF-8 becomes U+FFFD, as in a body parsed whole (the parser's own decoding refuses it). */
  private readonly decoder = new StringDecoder('utf8');
  private value: unknown;
  private failure?: Error;

  constructor() {
    this.parser.onValue = ({ value }) => {
      this.value = value;
    };
    this.parser.onError = (error) => {
      this.failure ??= error;
    };
  }

  async write(chunk: Buffer): Promise<void> {
    for (let start = 0; start < chunk.length && !this.failure; start += SLICE_BYTES) {
      // After the document ended, anything but white space is a syntax error (as JSON.parse says).
      if (this.parser.isEnded) {
        if (chunk.subarray(start).toString('utf8').trim()) this.failure = new Error('unexpected data after the JSON value');
        break;
      }
      this.parser.write(this.decoder.write(chunk.subarray(start, start + SLICE_BYTES)));
      await nextTurn();
    }
    if (this.failure) throw invalidJson(this.failure.message);
  }

  end(): unknown {
    const rest = this.decoder.end();
    if (rest && !this.parser.isEnded) this.parser.write(rest);
    if (!this.parser.isEnded) {
      try {
        this.parser.end();
      } catch (error) {
        throw invalidJson(`the body ends too early (${(error as Error).message})`);
      }
    }
    if (this.failure) throw invalidJson(this.failure.message);
    if (hasForbiddenKey(this.value)) throw forbiddenJsonKey();
    return this.value;
  }
}

/** The keys secure-json-parse refuses: `__proto__`, and `constructor` holding a `prototype`. */
function hasForbiddenKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '__proto__') return true;
    if (key === 'constructor' && inner !== null && typeof inner === 'object' && Object.hasOwn(inner, 'prototype')) return true;
    if (hasForbiddenKey(inner)) return true;
  }
  return false;
}
