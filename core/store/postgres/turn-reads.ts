import { TurnQueue } from '../../turn-queue.js';

interface Asked<Ask, Answer> {
  ask: Ask;
  answer: (found: Answer) => void;
  fail: (error: unknown) => void;
}

/**
 * Reads asked in one event-loop turn, sent to the database together once the turn is over: a busy
 * server asks several in one turn (core/api/turn-batch.ts), and one statement for all of them
 * spares each answer a query's round trip, and its planning, of its own (docs/performance.md
 * "Team store: where an answer's time goes").
 */
export class TurnReads<Ask, Answer> {
  private readonly turn = new TurnQueue<Asked<Ask, Answer>>((asked) => void this.readTurn(asked));

  /** `readAll` answers every ask of a turn, in the order asked. */
  constructor(private readonly readAll: (asks: Ask[]) => Promise<Answer[]>) {}

  read(ask: Ask): Promise<Answer> {
    return new Promise((answer, fail) => this.turn.push({ ask, answer, fail }));
  }

  private async readTurn(asked: Asked<Ask, Answer>[]): Promise<void> {
    try {
      const answers = await this.readAll(asked.map((a) => a.ask));
      asked.forEach((a, i) => a.answer(answers[i]));
    } catch (error) {
      for (const a of asked) a.fail(error);
    }
  }
}
