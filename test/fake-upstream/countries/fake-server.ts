import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { InjectedFaults } from '../injected-faults.js';

/**
 * A country recording vendored into the repository, by its file name: in its country's folder
 * (`core/countries/<cc>/test/recordings/`, the country its name begins with: `lu_…`, `es-pv_…`)
 * once moved there, else in test/fixtures/countries (each with its row in that folder's PROVENANCE.md),
 * else at test/fixtures' root, where Spain's recordings that the store, import and API tests read stay.
 */
export function countryFixture(name: string): string {
  const code = /^(?:es-)?([a-z]{2})_/.exec(name)?.[1];
  const beside = code === undefined ? undefined : path.join(repoRoot, 'core', 'countries', code, 'test', 'recordings', name);
  if (beside !== undefined && existsSync(beside)) return beside;
  const shared = fixture(`countries/${name}`);
  return existsSync(shared) || !existsSync(fixture(name)) ? shared : fixture(name);
}
export const loadCountryFixture = (name: string) => readFileSync(countryFixture(name));

export interface FakeAnswer {
  status: number;
  type: string;
  body: Buffer | string;
  /** Answer only after this long (a slow source); the timer ends with the connection. */
  delayMs?: number;
}

/** A route of a fake: the answer for a request, or undefined when the path is not its own. */
export type FakeRoute = (url: URL) => FakeAnswer | undefined;

export interface FakeServer {
  url: string;
  /** Every request's path and query, in order. */
  requests: URL[];
  /** For each request of `requests` (same order): when it arrived (ms since the epoch) and its User-Agent. */
  arrivals: { at: number; userAgent?: string }[];
  /** `failNext(503, 2)`: the next two requests answer 503 (an outage). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export const json = (body: Buffer | string, status = 200): FakeAnswer => ({ status, type: 'application/json; charset=utf-8', body });
export const text = (body: Buffer | string, status = 200): FakeAnswer => ({ status, type: 'text/plain; charset=utf-8', body });
export const xml = (body: Buffer | string, status = 200): FakeAnswer => ({ status, type: 'text/xml; charset=utf-8', body });

/** One HTTP server on 127.0.0.1 answering through `routes` (first that claims the path); 404 otherwise. */
export async function startFakeServer(routes: FakeRoute[]): Promise<FakeServer> {
  const requests: URL[] = [];
  const arrivals: FakeServer['arrivals'] = [];
  const faults = new InjectedFaults();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    arrivals.push({ at: Date.now(), userAgent: req.headers['user-agent'] });
    if (faults.answered(res)) return;
    let answer: FakeAnswer | undefined;
    for (const route of routes) {
      answer = route(url);
      if (answer) break;
    }
    answer ??= text('not found', 404);
    const send = (a: FakeAnswer) => res.writeHead(a.status, { 'content-type': a.type }).end(a.body);
    if (!answer.delayMs) {
      send(answer);
      return;
    }
    const late = answer;
    const timer = setTimeout(() => {
      if (!res.destroyed) send(late);
    }, late.delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    arrivals,
    failNext: (status, times) => faults.failNext(status, times),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
