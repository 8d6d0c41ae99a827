import type { ServerResponse } from 'node:http';

/** An outage a fake upstream plays before its real answers: `failNext(503, 2)` answers 503 twice. */
export class InjectedFaults {
  private status = 0;
  private remaining = 0;

  failNext(status: number, times = 1): void {
    this.status = status;
    this.remaining = times;
  }

  /** Answers the pending fault, if any; true when it did (the request is then done). */
  answered(res: ServerResponse): boolean {
    if (this.remaining <= 0) return false;
    this.remaining--;
    res.writeHead(this.status, { 'content-type': 'text/plain' }).end('fault');
    return true;
  }
}
