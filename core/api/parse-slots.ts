import { ServiceError } from '../model/index.js';

/**
 * Batch CSVs (preview, start) parsed at once by this server process, and by one caller in it.
 * A 20 MiB CSV is some 1.5 s of parsing and tens of MB while it lasts: eight at once took the
 * server from 377 to 697 MB. Two is what a two-core machine parses side by side.
 */
export const PARSES_PER_SERVER = 2;
export const PARSES_PER_CALLER = 1;
/** What a refused caller is told to wait: about one 20 MiB parse. */
export const PARSE_RETRY_AFTER_S = 2;

/**
 * Places for parses, refused rather than queued when taken: a queue would hold every waiting
 * request's body in memory, which is what the bound is for. A counter, not a library's
 * semaphore (p-limit, cockatiel's bulkhead), because those queue, and the refusal must name
 * which bound was hit (the caller's: 429; the server's: 503).
 */
export class ParseSlots {
  private inUse = 0;
  private readonly byCaller = new Map<string, number>();

  constructor(
    private readonly perServer = PARSES_PER_SERVER,
    private readonly perCaller = PARSES_PER_CALLER,
  ) {}

  /** Runs `parse` in a place of `caller`'s, or refuses at once with the spec's code and Retry-After. */
  async run<T>(caller: string, parse: () => Promise<T>): Promise<T> {
    const mine = this.byCaller.get(caller) ?? 0;
    const retry = { retryAfterSeconds: PARSE_RETRY_AFTER_S };
    if (mine >= this.perCaller) {
      throw new ServiceError(
        'RATE_LIMIT_EXCEEDED',
        `This client already has ${mine} batch CSV being read (at most ${this.perCaller} at a time); send the next one when it is answered.`,
        { maxParsesPerClient: this.perCaller },
        retry,
      );
    }
    if (this.inUse >= this.perServer) {
      throw new ServiceError(
        'SERVICE_UNAVAILABLE',
        `The server is reading ${this.inUse} batch CSVs (at most ${this.perServer} at a time); retry in ${PARSE_RETRY_AFTER_S} s.`,
        undefined,
        retry,
      );
    }
    this.inUse++;
    this.byCaller.set(caller, mine + 1);
    try {
      return await parse();
    } finally {
      this.inUse--;
      const left = (this.byCaller.get(caller) ?? 1) - 1;
      if (left === 0) this.byCaller.delete(caller);
      else this.byCaller.set(caller, left);
    }
  }
}
