import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  bulkhead,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
  type IPolicy,
} from 'cockatiel';
import { unavailable } from '../model/index.js';
import { decodeBody } from './decode-body.js';
import { fetchSameHost, RedirectRefusedError } from './same-host-fetch.js';
import { currentBatchRow } from './batch-row.js';
import { BATCH_PACE, batchSlotsOf, batchTurns, processTurns, TurnBook, type UsagePolicy } from './usage-policy.js';

export interface UpstreamClientOptions {
  /** Time allowed for one attempt, headers and body included. */
  timeoutMs?: number;
  /** Extra attempts after the first when the source fails transiently. */
  retries?: number;
  /** First backoff wait; later waits grow exponentially (with jitter). */
  baseDelayMs?: number;
  /** Consecutive failed requests (after their retries) that open a source's breaker. */
  breakerThreshold?: number;
  /** How long an open breaker refuses calls before it lets one trial request through. */
  breakerHalfOpenAfterMs?: number;
  /** Requests in flight to one source at most; more wait their turn (politeness, e.g. in a batch). */
  sourceConcurrency?: number;
  /** Least time between the starts of two requests to one source (politeness). */
  sourceIntervalMs?: number;
  /** Largest answer body read; a larger one is refused (503) as soon as it passes the mark. */
  maxAnswerBytes?: number;
  /** Time per attempt of named sources, overriding both `timeoutMs` and the source's own (`UpstreamRequest.timeoutMs`). */
  sourceTimeoutsMs?: Readonly<Record<string, number>>;
  /**
   * Least time between request starts of named sources in this process, overriding their usage
   * policy's (`UsagePolicy.minIntervalMs`): a self-run instance of a source (a geocoder of one's
   * own, a test's fake) is not bound by the public server's policy. 0 lifts the pacing.
   */
  sourceIntervalsMs?: Readonly<Record<string, number>>;
  /**
   * Least time between request starts to one source made for batch rows, all batches of the
   * process together (BATCH_PACE; `catastro batch --pace`). A test's fake source may lower it.
   */
  batchIntervalMs?: number;
}

export interface UpstreamRequest {
  /** Name of the official source; one circuit breaker per name, and it names the source in errors. */
  source: string;
  signal?: AbortSignal;
  accept?: string;
  /**
   * The source's own time per attempt, for a source known to be slow (Belgium's CadGIS); fixed by
   * the source's first request. `sourceTimeoutsMs` of the client options wins over it.
   */
  timeoutMs?: number;
  /** The source's published usage policy (pacing per process, User-Agent), when it has one. */
  usagePolicy?: UsagePolicy;
}

export interface UpstreamAnswer {
  status: number;
  body: string;
  contentType: string;
}

/**
 * SOURCES.md 1.1: the Catastro servers reportedly answer 403 to non-browser clients, so every
 * request carries a browser's User-Agent.
 */
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const DEFAULTS: Required<UpstreamClientOptions> = {
  timeoutMs: 8_000,
  retries: 2,
  baseDelayMs: 200,
  breakerThreshold: 5,
  breakerHalfOpenAfterMs: 30_000,
  sourceConcurrency: 4,
  sourceIntervalMs: 0,
  sourceTimeoutsMs: {},
  sourceIntervalsMs: {},
  batchIntervalMs: BATCH_PACE.intervalMs,
  // The official answers read whole are a few kB to a few hundred kB (bulk files are downloaded
  // to disk by file-download.ts instead); a 300 MB answer once took the server to 1.4 GB.
  maxAnswerBytes: 16 * 1024 * 1024,
};

/** Redirects followed per request, each to the same host only. */

/** The caller gave up (its signal aborted): not the source's fault, so never a breaker failure. */
class CallerAbortError extends Error {}

interface SourcePolicies {
  breaker: CircuitBreakerPolicy;
  retries: IPolicy;
  perAttempt: IPolicy;
  /** At most sourceConcurrency requests in flight; the others queue (cockatiel bulkhead). */
  inFlight: BulkheadPolicy;
  /** Time per attempt of this source. */
  timeoutMs: number;
}

/**
 * An answer the client refuses whatever the retry (too large, redirected to another host): not
 * retried, and not counted as the source being down.
 */
class RefusedAnswerError extends Error {}

/** A 5xx answer, raised inside the policies so that retry and breaker treat it like a timeout. */
class UpstreamStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/**
 * What counts as "the source is down": 5xx, our timeout, a refused or cut connection. A 4xx
 * is an answer (not retried, not a breaker failure), and an abort by the caller is the
 * caller's decision, not the source's fault.
 */
function isSourceFailure(error: unknown): boolean {
  if (error instanceof CallerAbortError || error instanceof RefusedAnswerError || error instanceof RedirectRefusedError) return false;
  if (error instanceof UpstreamStatusError || error instanceof TaskCancelledError) return true;
  return error instanceof Error;
}

/**
 * What a caller is told. Socket details (`connect ECONNREFUSED 127.0.0.1:…`) stay out of the
 * answer: they name internal addresses; the error's `cause` keeps them for the server's log.
 */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof BrokenCircuitError) return 'it failed repeatedly and calls are paused for a while';
  if (error instanceof TaskCancelledError) return `no answer within ${timeoutMs} ms`;
  if (error instanceof UpstreamStatusError) return `it answered ${error.message}`;
  if (error instanceof RefusedAnswerError || error instanceof RedirectRefusedError) return error.message;
  return 'connection failed';
}

/**
 * HTTP GET to the official sources through cockatiel: per-attempt timeout, retry with
 * exponential backoff on transient failures, and a circuit breaker per source so a dead
 * source answers 503 at once instead of making every caller wait for its timeouts.
 */
export class UpstreamClient {
  private readonly options: Required<UpstreamClientOptions>;
  private readonly policies = new Map<string, SourcePolicies>();
  /** This client's own pace per source (sourceIntervalMs apart); usage policies pace the whole process. */
  private readonly clientTurns = new TurnBook();

  constructor(options: UpstreamClientOptions = {}) {
    const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.options = { ...DEFAULTS, ...defined };
  }

  private policyFor(source: string, ownTimeoutMs?: number): SourcePolicies {
    let entry = this.policies.get(source);
    if (!entry) {
      const failures = handleWhen(isSourceFailure);
      const breaker = circuitBreaker(failures, {
        halfOpenAfter: this.options.breakerHalfOpenAfterMs,
        breaker: new ConsecutiveBreaker(this.options.breakerThreshold),
      });
      const retries = retry(failures, {
        maxAttempts: this.options.retries,
        backoff: new ExponentialBackoff({ initialDelay: this.options.baseDelayMs, maxDelay: this.options.baseDelayMs * 16 }),
      });
      const timeoutMs = this.options.sourceTimeoutsMs[source] ?? ownTimeoutMs ?? this.options.timeoutMs;
      const perAttempt = timeout(timeoutMs, TimeoutStrategy.Aggressive);
      const inFlight = bulkhead(Math.max(1, this.options.sourceConcurrency), Number.MAX_SAFE_INTEGER);
      entry = { breaker, retries, perAttempt, inFlight, timeoutMs };
      this.policies.set(source, entry);
    }
    return entry;
  }

  /** The breaker state of a source, for status pages and tests. */
  breakerState(source: string): 'closed' | 'open' | 'half-open' | 'isolated' {
    const state = this.policies.get(source)?.breaker.state ?? 0;
    return (['closed', 'open', 'half-open', 'isolated'] as const)[state];
  }

  /**
   * GET `url`. Resolves with any 2xx–4xx answer (callers read the status: several official
   * services report errors with HTTP 200 bodies). Throws ServiceError SERVICE_UNAVAILABLE when
   * the source is down: retries exhausted, breaker open, 5xx, timeout, connection refused or cut.
   */
  async getText(url: string, request: UpstreamRequest): Promise<UpstreamAnswer> {
    const { breaker, retries, perAttempt, timeoutMs } = this.policyFor(request.source, request.timeoutMs);
    // A batch row is charged before its first request leaves (a refusal sends nothing).
    await currentBatchRow()?.admit();
    const withRetries = async () => {
      try {
        // Waiting for a polite turn is not part of an attempt's time: retry ⊃ politeness ⊃ timeout.
        return await retries.execute(
          ({ signal }) =>
            this.politely(request, signal, () => perAttempt.execute(({ signal: attemptSignal }) => this.attempt(url, request, attemptSignal), signal)),
          request.signal,
        );
      } catch (error) {
        // The timeout policy reports a caller's abort as a cancelled task; tell the breaker apart.
        if (request.signal?.aborted) throw new CallerAbortError('cancelled by the caller');
        throw error;
      }
    };
    // Breaker outermost: one failed request (after its retries) is one breaker failure.
    try {
      return await breaker.execute(withRetries, request.signal);
    } catch (error) {
      if (request.signal?.aborted) throw unavailable(`The request to ${request.source} was cancelled.`);
      const failure = unavailable(`${request.source} does not answer; retry later (${describeFailure(error, timeoutMs)}).`);
      failure.cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw failure;
    }
  }

  /**
   * Runs one request within the source's politeness: a place among its concurrent requests,
   * then a start no sooner than sourceIntervalMs after the previous one of this client, and no
   * sooner than its usage policy's interval after the previous one of this process. Each retry
   * is a new request and waits its turn too.
   */
  private politely<T>({ source, usagePolicy }: UpstreamRequest, signal: AbortSignal, request: () => Promise<T>): Promise<T> {
    const policies = this.policyFor(source);
    const paced = () =>
      policies.inFlight.execute(async () => {
        await this.clientTurns.waitForTurn(source, this.options.sourceIntervalMs, signal);
        await processTurns.waitForTurn(source, this.options.sourceIntervalsMs[source] ?? usagePolicy?.minIntervalMs ?? 0, signal);
        return request();
      }, signal);
    if (!currentBatchRow()) return paced();
    // Batch rows queue for the batches' own places and turns first (BATCH_PACE), so however many
    // batches run, their requests to a source stay within it and leave the others' lookups room.
    return batchSlotsOf(source).execute(async () => {
      await batchTurns.waitForTurn(source, this.options.batchIntervalMs, signal);
      return paced();
    }, signal);
  }

  private async attempt(url: string, request: UpstreamRequest, signal: AbortSignal): Promise<UpstreamAnswer> {
    const response = await fetchSameHost(url, {
      signal,
      headers: {
        'user-agent': request.usagePolicy?.userAgent ?? BROWSER_USER_AGENT,
        accept: request.accept ?? 'application/json, application/xml, text/xml;q=0.9, */*;q=0.8',
        'accept-language': 'es-ES,es;q=0.9,en;q=0.8',
      },
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status >= 500) {
      await response.body?.cancel().catch(() => undefined);
      throw new UpstreamStatusError(response.status);
    }
    // Reading the body stays inside the attempt: a body that stalls or is cut is a failure too.
    const bytes = await readCapped(response, this.options.maxAnswerBytes);
    return { status: response.status, body: decodeBody(bytes, contentType), contentType };
  }
}

/** The body, read chunk by chunk and abandoned as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const tooLarge = () => new RefusedAnswerError(`its answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, which is not read`);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
