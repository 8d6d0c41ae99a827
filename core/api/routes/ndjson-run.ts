import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isServiceError } from '../../model/index.js';
import { errorBody } from '../envelope.js';

/** The longest silence of a running job's stream: well under the server's idle cut (60 s). */
const KEEP_ALIVE_MS = 15_000;

/**
 * Runs long work (an offline download, an import) and answers its progress as NDJSON:
 * `{"progress":…}` lines as it goes, then one line that is the spec's envelope (the result, or the
 * error body). The status is decided by what happens first: the first progress (200 and the
 * stream) or a refusal (its plain error answer). The work goes on when the page that asked goes
 * away (a reload): what it imported stays, and lists show it.
 */
export async function streamRun<P, R>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onProgress: (progress: P) => void) => Promise<R>,
  what: string,
): Promise<FastifyReply> {
  let stream: PassThrough | undefined;
  let last: P | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  const write = (line: unknown) => {
    if (stream && !stream.destroyed) stream.write(`${JSON.stringify(line)}\n`);
  };
  const begin = () => {
    stream = new PassThrough();
    reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
    keepAlive = setInterval(() => write({ progress: last }), KEEP_ALIVE_MS);
  };
  const work = run((progress) => {
    last = progress;
    if (!stream) begin();
    write({ progress });
  });
  try {
    const result = await work;
    if (!stream) return reply.send({ success: true, data: result });
    write({ success: true, data: result });
  } catch (error) {
    if (!stream) throw error;
    request.log.warn({ err: error }, `${what} failed`);
    write(
      isServiceError(error)
        ? errorBody(error.code, error.message, error.data)
        : errorBody('INTERNAL_ERROR', `${what} stopped on an unexpected error; what was imported stays. Retry, and report it if it persists.`),
    );
  } finally {
    clearInterval(keepAlive);
    stream?.end();
  }
  return reply;
}
