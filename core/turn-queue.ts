/**
 * Items queued during one event-loop turn, handed over together once the turn is over
 * (setImmediate). A busy server reads several requests a turn: the HTTP layer runs their lookups
 * back to back (core/api/turn-batch.ts) and the team store sends their reads as one statement
 * (core/store/postgres/turn-reads.ts). An item queued while a turn's items are handed over goes
 * to the next turn.
 *
 * Hand-written: a per-turn queue, not a timer or a size-bounded batcher, which would add waiting;
 * a dozen lines no library offers in this shape.
 */
export class TurnQueue<Item> {
  private items: Item[] = [];

  constructor(private readonly drain: (items: Item[]) => void) {}

  push(item: Item): void {
    this.items.push(item);
    if (this.items.length === 1) setImmediate(this.handOver);
  }

  private readonly handOver = (): void => {
    const items = this.items;
    this.items = [];
    this.drain(items);
  };
}
