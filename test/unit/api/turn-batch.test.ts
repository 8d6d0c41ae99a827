import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TurnBatch } from '../../../core/api/turn-batch.js';

describe('TurnBatch', () => {
  it('runs the work of one turn together, in order, after the turn and not during it', async () => {
    const batch = new TurnBatch((error) => { throw error; });
    const ran: string[] = [];
    batch.add(() => ran.push('a'));
    batch.add(() => ran.push('b'));
    // An I/O-like callback of the same turn, queued after the batch's: the batch still runs first
    // (setImmediate order), then it, and none of them ran while the turn was adding.
    setImmediate(() => ran.push('other callback'));
    batch.add(() => ran.push('c'));
    expect(ran).toEqual([]);
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c', 'other callback']);
  });

  it('puts work added while a batch runs into the next batch', async () => {
    const batch = new TurnBatch((error) => { throw error; });
    const ran: string[] = [];
    batch.add(() => {
      ran.push('first');
      batch.add(() => ran.push('added by first'));
    });
    batch.add(() => ran.push('second'));
    await nextTurn();
    expect(ran).toEqual(['first', 'second']);
    await nextTurn();
    expect(ran).toEqual(['first', 'second', 'added by first']);
  });

  it('still runs the rest of a batch when one work item throws, and hands the error over', async () => {
    const thrown: unknown[] = [];
    const batch = new TurnBatch((error) => thrown.push(error));
    const ran: string[] = [];
    batch.add(() => ran.push('before'));
    batch.add(() => { throw new Error('a bug in one request'); });
    batch.add(() => ran.push('after'));
    await nextTurn();
    expect(ran).toEqual(['before', 'after']);
    expect(thrown).toHaveLength(1);
    expect((thrown[0] as Error).message).toBe('a bug in one request');
  });
});
