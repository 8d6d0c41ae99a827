import type { FastifyReply } from 'fastify';
import { TurnQueue } from '../turn-queue.js';

/**
 * Lookups of the requests read in one event-loop turn, run together once the turn's reads are
 * over (setImmediate) instead of each inside its own socket's parser callback. A busy server reads
 * several requests a turn; their lookups then run back to back, and their serialisations and
 * writes after them (each request's promise chain advances one step for all of them in turn), so
 * SQLite's and the JSON writer's code and data are still in the CPU's caches for the next request
 * instead of evicted by the HTTP and socket work between two lookups. Measured on the 1 M-parcel
 * copy (docs/performance.md "Serving near the limit", 2026-11-28): a cold `GET /api/catastro/{ref}` answer took
 * 71–79 µs of CPU against 110–120 µs; the same work deferred one request at a time, 101–109 µs.
 * One per server, so the lookups of every batched route share the turn's batch.
 */
export class TurnBatch {
  private readonly turn = new TurnQueue<() => void>((batch) => {
    for (const work of batch) work();
  });

  /**
   * Answers `reply` with what `lookup` resolves to, run with the rest of this turn's lookups after
   * the turn's reads; a lookup that fails, or throws, answers with its error as a handler's would.
   */
  answer(reply: FastifyReply, lookup: () => Promise<unknown>): void {
    this.turn.push(() => {
      const sendError = (error: unknown) => void reply.send(error);
      try {
        lookup().then((payload) => reply.send(payload), sendError);
      } catch (error) {
        sendError(error);
      }
    });
  }
}
