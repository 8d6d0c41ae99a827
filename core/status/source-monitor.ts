import { performance } from 'node:perf_hooks';
import { bulkhead } from 'cockatiel';
import { isServiceError, type CountryCode, type ServiceStatus, type SourceCheckResult, type SourceStatus } from '../model/index.js';
import type { SourceCheck } from '../countries/adapter.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';

/** The spec's status page checks every five minutes. */
export const DEFAULT_CHECK_INTERVAL_MS = 5 * 60_000;
/** Checks kept per source: a day at the default interval. */
const HISTORY = 288;
/** A check that has not answered by then is a failure, whatever the source's own timeout. */
const CHECK_DEADLINE_MS = 30_000;
/**
 * Checks in flight at once. Each check starts with a DNS lookup, and Node runs lookups on libuv's
 * four-thread pool; sixty checks at once (every country's sources) where the resolver is slow to
 * fail (offline, a captive network) held that pool for a minute, so a user's own lookup (the
 * address geocoder) queued behind them until its timeout, three times over. Two leave room.
 */
export const CHECKS_IN_FLIGHT = 2;

export interface MonitoredSource {
  check: SourceCheck;
  countries: CountryCode[];
}

/**
 * Why a check failed, in words for a public page: the upstream client's message names the cause
 * (its timeout, an HTTP status, a refused connection, the breaker), never an address or a stack.
 */
function publicReason(error: unknown): string {
  const message = isServiceError(error) ? error.message : '';
  if (/paused/.test(message)) return 'paused after repeated failures (circuit breaker open)';
  if (/no answer within/.test(message)) return 'no answer in time';
  const status = /HTTP (\d{3})/.exec(message)?.[1];
  if (status) return `answered HTTP ${status}`;
  if (/connection failed/.test(message)) return 'connection failed';
  return 'no answer';
}

/**
 * The status page's checks: one cheap real request per source (each adapter names its own, see
 * CountryAdapter.statusChecks), sent through the same upstream client as the lookups, under the
 * same source name, so a failing check counts for the source's breaker and an open breaker shows
 * here. Checks run on a schedule (unref'd timer: it never keeps a process alive) and on demand;
 * a run never overlaps the previous one.
 */
export class SourceMonitor {
  private readonly history = new Map<string, SourceCheckResult[]>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private intervalMs = 0;
  private readonly inFlight = bulkhead(CHECKS_IN_FLIGHT, Number.MAX_SAFE_INTEGER);

  constructor(
    private readonly http: UpstreamClient,
    private readonly sources: MonitoredSource[],
  ) {}

  /** Checks now and then every `intervalMs` until stop(). */
  start(intervalMs = DEFAULT_CHECK_INTERVAL_MS): void {
    this.stop();
    this.intervalMs = intervalMs;
    void this.checkAll();
    this.timer = setInterval(() => {
      void this.checkAll();
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.intervalMs = 0;
  }

  /** One check of every source (joins a run already under way). */
  checkAll(): Promise<void> {
    this.running ??= Promise.all(this.sources.map((s) => this.inFlight.execute(() => this.checkOne(s.check))))
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async checkOne(check: SourceCheck): Promise<void> {
    const at = new Date().toISOString();
    const started = performance.now();
    let result: SourceCheckResult;
    if (check.unconfigured) {
      this.record(check.source, { at, health: 'down', latencyMs: 0, reason: check.unconfigured });
      return;
    }
    try {
      const answer = await this.http.getText(check.url, {
        source: check.source,
        accept: check.accept,
        usagePolicy: check.usagePolicy,
        signal: AbortSignal.timeout(CHECK_DEADLINE_MS),
      });
      const latencyMs = Math.round(performance.now() - started);
      result =
        answer.status >= 200 && answer.status < 300
          ? { at, health: 'up', latencyMs }
          : { at, health: 'down', latencyMs, reason: `answered HTTP ${answer.status}` };
    } catch (error) {
      result = { at, health: 'down', latencyMs: Math.round(performance.now() - started), reason: publicReason(error) };
    }
    this.record(check.source, result);
  }

  private record(source: string, result: SourceCheckResult): void {
    const list = this.history.get(source) ?? [];
    list.push(result);
    if (list.length > HISTORY) list.splice(0, list.length - HISTORY);
    this.history.set(source, list);
  }

  snapshot(parcels: number, version: string): ServiceStatus {
    const sources: SourceStatus[] = this.sources.map(({ check, countries }) => {
      const history = [...(this.history.get(check.source) ?? [])];
      const lastCheck = history.at(-1);
      return {
        name: check.source,
        countries,
        health: lastCheck?.health ?? 'unknown',
        breaker: this.http.breakerState(check.source),
        ...(lastCheck && { lastCheck }),
        history,
      };
    });
    return {
      version,
      status: sources.some((s) => s.health === 'down' || s.breaker === 'open') ? 'degraded' : 'ok',
      parcels,
      checkIntervalSeconds: Math.round(this.intervalMs / 1000),
      sources,
    };
  }
}
