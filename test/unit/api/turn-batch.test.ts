import type { FastifyReply } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TurnBatch } from '../../../core/api/turn-batch.js';

/** A reply that records what it was sent, in the order the requests were answered. */
function recordingReply(name: string, sent: string[]): FastifyReply {
  return {
    send: (payload: unknown) => sent.push(`${name}: ${payload instanceof Error ? `error ${payload.message}` : String(payload)}`),
  } as unknown as FastifyReply;
}

describe('TurnBatch', () => {
  it('runs the lookups of one turn together, in order, after the turn and not during it', async () => {
    const batch = new TurnBatch();
    const ran: string[] = [];
    const sent: string[] = [];
    const lookup = (name: string) => async () => {
      ran.push(name);
      return name.toUpperCase();
    };
    batch.answer(recordingReply('a', sent), lookup('a'));
    batch.answer(recordingReply('b', sent), lookup('b'));
    // A callback of the same turn queued after the batch's: the batch still runs first
    // (setImmediate order), and nothing ran while the turn was adding.
    setImmediate(() => ran.push('other callback'));
    batch.answer(recordingReply('c', sent), lookup('c'));
    expect(ran).toEqual([]);
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c', 'other callback']);
    expect(sent).toEqual(['a: A', 'b: B', 'c: C']);
  });

  it('puts a lookup asked while a batch runs into the next batch', async () => {
    const batch = new TurnBatch();
    const ran: string[] = [];
    const sent: string[] = [];
    batch.answer(recordingReply('first', sent), async () => {
      ran.push('first');
      batch.answer(recordingReply('later', sent), async () => {
        ran.push('later');
        return 'L';
      });
      return 'F';
    });
    batch.answer(recordingReply('second', sent), async () => {
      ran.push('second');
      return 'S';
    });
    await nextTurn();
    expect(ran).toEqual(['first', 'second']);
    await nextTurn();
    expect(ran).toEqual(['first', 'second', 'later']);
    expect(sent).toEqual(['first: F', 'second: S', 'later: L']);
  });

  it('answers a lookup that fails or throws with its error, and still answers the rest of the batch', async () => {
    const batch = new TurnBatch();
    const sent: string[] = [];
    batch.answer(recordingReply('before', sent), async () => 'ok');
    batch.answer(recordingReply('rejects', sent), async () => {
      throw new Error('not found');
    });
    batch.answer(recordingReply('throws', sent), () => {
      throw new Error('a bug in one request');
    });
    batch.answer(recordingReply('after', sent), async () => 'ok');
    await nextTurn();
    expect(sent.sort()).toEqual(['after: ok', 'before: ok', 'rejects: error not found', 'throws: error a bug in one request']);
  });
});
