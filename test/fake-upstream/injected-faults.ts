import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The one fault vocabulary of every fake upstream. A fault applies to the next `times` requests
 * (every request when unset): `slow` waits `delayMs` before the real answer, `status` answers
 * that HTTP status with an HTML error page, `cut` sends the headers and half the real body then
 * destroys the socket, `malformed` sends the real body cut in half (invalid JSON/XML) with 200.
 */
export type FaultKind = 'none' | 'slow' | 'status' | 'cut' | 'malformed';

export interface Fault {
  kind: FaultKind;
  status?: number;
  delayMs?: number;
  times?: number;
}

/** A fake's real answer, which a fault delays, replaces, cuts or garbles. */
export interface FakeAnswer {
  status: number;
  type: string;
  body: Buffer;
}

const ERROR_PAGE = Buffer.from('<html><body>Service Unavailable</body></html>');

export class InjectedFaults {
  private fault: Fault = { kind: 'none' };
  private remaining = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  setFault(fault: Fault): void {
    this.fault = fault;
    this.remaining = fault.kind === 'none' ? 0 : (fault.times ?? Number.POSITIVE_INFINITY);
  }

  /** Shorthand: the next `times` requests answer `status`. */
  failNext(status: number, times = 1): void {
    this.setFault({ kind: 'status', status, times });
  }

  private next(): FaultKind {
    if (this.fault.kind === 'none' || this.remaining <= 0) return 'none';
    this.remaining--;
    return this.fault.kind;
  }

  /** Sends `answer` through the pending fault, if any. */
  send(req: IncomingMessage, res: ServerResponse, answer: FakeAnswer): void {
    const write = (a: FakeAnswer) => {
      if (res.destroyed || res.writableEnded) return;
      res.writeHead(a.status, { 'content-type': a.type, 'content-length': a.body.length }).end(a.body);
    };
    switch (this.next()) {
      case 'slow': {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          write(answer);
        }, this.fault.delayMs ?? 5_000);
        this.timers.add(timer);
        return;
      }
      case 'status':
        write({ status: this.fault.status ?? 503, type: 'text/html', body: ERROR_PAGE });
        return;
      case 'cut':
        res.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
        res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        setImmediate(() => req.socket.destroy());
        return;
      case 'malformed':
        write({ ...answer, status: 200, body: answer.body.subarray(0, Math.floor(answer.body.length / 2)) });
        return;
      default:
        write(answer);
    }
  }

  /**
   * For fakes that build their answer after checking: answers a pending `status` fault (the only
   * kind that needs no real answer); true when it did and the request is done.
   */
  answered(res: ServerResponse): boolean {
    if (this.fault.kind !== 'status' || this.remaining <= 0) return false;
    this.remaining--;
    res.writeHead(this.fault.status ?? 503, { 'content-type': 'text/html' }).end(ERROR_PAGE);
    return true;
  }

  /** Drops pending slow answers (on close). */
  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
