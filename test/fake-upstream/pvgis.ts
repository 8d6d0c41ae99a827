import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixture } from '../helpers/paths.js';
import { InjectedFaults } from './injected-faults.js';

/**
 * A stand-in for the PVGIS API (JRC) on 127.0.0.1, at its real path `/api/v5_3/PVcalc`.
 *
 * - Any PVcalc request → the REAL recorded PVcalc answer
 *   (`analysis/pvgis_pvcalc_31.23_121.47_fixed_slope0_SolarPrice-Insight.json`, 1 kWp) byte for byte,
 *   whatever point was asked: only one PVcalc recording exists.
 * - A point for which `noDataAt(lat, lon)` is true → HTTP 400 with PVGIS's refusal body
 *   `{"message":"Location over the sea. Please, select another location","status":400}`. Not a
 *   recording of ours: the message text is the one public PVGIS clients saved verbatim from the
 *   service; `status` mirrors the `{"message":…,"status":500}` body saved the same way.
 * - `failNext(status, times)` answers that HTTP status to the next requests (outage).
 * Every request's query is kept in `requests` so tests can check the parameters sent.
 */
export const PVCALC_RECORDING = fixture('analysis/pvgis_pvcalc_31.23_121.47_fixed_slope0_SolarPrice-Insight.json');
export const PVGIS_SEA_REFUSAL = '{"message":"Location over the sea. Please, select another location","status":400}';

export interface FakePvgis {
  baseUrl: string;
  requests: URLSearchParams[];
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startFakePvgis(options: { noDataAt?: (lat: number, lon: number) => boolean } = {}): Promise<FakePvgis> {
  const recorded = readFileSync(PVCALC_RECORDING);
  const requests: URLSearchParams[] = [];
  const faults = new InjectedFaults();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.searchParams);
    if (faults.answered(res)) return;
    if (url.pathname !== '/api/v5_3/PVcalc') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    if (options.noDataAt?.(lat, lon)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(PVGIS_SEA_REFUSAL);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(recorded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v5_3/`,
    requests,
    failNext: (status, times) => faults.failNext(status, times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
