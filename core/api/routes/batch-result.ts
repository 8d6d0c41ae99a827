import path from 'node:path';
import send, { type SendResult } from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
// jshttp's content-disposition: an ASCII filename for every client, filename* (RFC 8187) for the rest;
// a raw non-Latin-1 name in the header made Node throw while writing the answer, ending the process.
import contentDisposition from 'content-disposition';
import { MIME_OF_FORMAT } from '../../export/write-table.js';
import type { BatchResultFile } from '../../batch/batch-jobs.js';
import type { FeatureFormat } from '../../model/index.js';
import { errorBody } from '../envelope.js';

/**
 * The price of what @fastify/send answers, one unit per parcel found in the file: the whole file
 * (200) all of them; a byte range (206) its share, rounded up, so the ranges of a resumed
 * download together cost what the file does (give or take a unit each); 304 and refusals nothing.
 */
function priceOf(sent: SendResult, found: number): number {
  if (sent.statusCode === 200) return found;
  if (sent.statusCode !== 206 || found === 0 || sent.type !== 'file') return 0;
  const length = Number(sent.headers['Content-Length']);
  return Math.max(1, Math.ceil((found * length) / Math.max(1, sent.metadata.stat.size)));
}

/**
 * GET/HEAD of a batch's result file. Its price is checked before anything is built: a file not
 * yet written is charged whole first (a 429 costs nothing and writes nothing), then written once,
 * in a worker thread, and streamed from disk by @fastify/send (byte ranges, ETag and
 * Last-Modified with their conditional requests). A HEAD builds nothing: its headers say the
 * size only of a file already written.
 */
export async function answerBatchResult(request: FastifyRequest, reply: FastifyReply, result: BatchResultFile, write: () => Promise<void>): Promise<unknown> {
  reply.type(MIME_OF_FORMAT[result.job.format as FeatureFormat]).header('Content-Disposition', contentDisposition(result.fileName));
  const head = request.method === 'HEAD';
  if (!result.written) {
    if (head) {
      reply.quotaCost = result.found; // at most 1 for a HEAD (quota-cost.ts)
      return reply.send();
    }
    await reply.chargeUpFront(result.found);
    await write();
  }
  const sent = await send(request.raw, path.basename(result.path), {
    root: path.dirname(result.path),
    contentType: false,
    cacheControl: false,
    dotfiles: 'allow',
    index: false,
  });
  const price = priceOf(sent, result.found);
  try {
    // A HEAD costs at most the unit its admission took (quota-cost.ts).
    if (!head) await reply.chargeUpFront(price);
  } catch (error) {
    sent.stream.destroy();
    throw error;
  }
  reply.quotaCost = price;
  reply.code(sent.statusCode).headers(sent.headers);
  if (sent.statusCode === 412 || sent.statusCode === 416) {
    sent.stream.destroy();
    const reason = sent.statusCode === 416 ? 'The byte range asked for lies outside the file.' : 'The file is not the one If-Match names.';
    return reply.type('application/json; charset=utf-8').removeHeader('content-disposition').send(errorBody('VALIDATION_ERROR', reason));
  }
  return reply.send(sent.stream);
}
