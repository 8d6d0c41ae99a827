/**
 * Reads asked in one event-loop turn, sent to the database together once the turn is over: a busy
 * server asks several in one turn (core/api/turn-batch.ts), and one statement for all of them
 * spares each answer a query's round trip, and its planning, of its own (docs/performance.md
 * "Team store: where an answer's time goes").
 *
 * Hand-written: a per-turn queue (setImmediate), not a timer or a size-bounded batcher, which
 * would add waiting; a dozen lines no library offers in this shape.
 */
export class TurnReads<Ask, Answer> {
  private asked: { ask: Ask; answer: (found: Answer) => void; fail: (error: unknown) => void }[] = [];

  /** `readAll` answers every ask of a turn, in the order asked. */
  constructor(private readonly readAll: (asks: Ask[]) => Promise<Answer[]>) {}

  read(ask: Ask): Promise<Answer> {
    return new Promise((answer, fail) => {
      this.asked.push({ ask, answer, fail });
      if (this.asked.length === 1) setImmediate(() => void this.readTurn());
    });
  }

  private async readTurn(): Promise<void> {
    const asked = this.asked;
    this.asked = [];
    try {
      const answers = await this.readAll(asked.map((a) => a.ask));
      asked.forEach((a, i) => a.answer(answers[i]));
    } catch (error) {
      for (const a of asked) a.fail(error);
    }
  }
}
