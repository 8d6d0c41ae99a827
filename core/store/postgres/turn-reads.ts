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

/**
 * A turn's asks as the rows of ONE JSON parameter (`$1`), `asked` in SQL, each numbered `i` in the
 * order asked, so each row found says whose answer it is. Arrays (`unnest`) were planned afresh for
 * every turn of fewer than about ten asks: in a custom plan PostgreSQL knows an array's length, and
 * for a short turn the custom plan looked cheaper than the generic one (0.3-0.6 ms of the backend's
 * CPU a statement). A JSON parameter's rows are the same guess in both plans, so PostgreSQL keeps the
 * generic plan after its first five runs (docs/performance.md "Team store: where an answer's time goes").
 */
export class AskedRows<Columns extends Record<string, string>> {
  /** `json_to_recordset(...) AS asked(i int, <columns>)`, for the statement's FROM. */
  readonly from: string;

  /** `columns`: each field's name and SQL type, as `parameter`'s asks carry them. */
  constructor(columns: Columns) {
    const typed = Object.entries(columns).map(([name, type]) => `${name} ${type}`);
    this.from = `json_to_recordset($1::json) AS asked(${['i int', ...typed].join(', ')})`;
  }

  /** The statement's one parameter: each ask's fields (`asks[i]` numbered `i`). */
  parameter(asks: Record<keyof Columns, unknown>[]): string {
    return JSON.stringify(asks.map((fields, i) => ({ ...fields, i })));
  }
}
