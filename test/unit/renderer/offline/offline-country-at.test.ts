import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryInfo } from '../../../../core/model/index.js';
import { CatastroService } from '../../../../core/service.js';
import { offlineCountryAt } from '../../../../renderer/offline/offline-country-at.js';
import { loadWorldOutlines } from '../../../../renderer/map/world-outlines.js';

// The countries as the service's status gives them to the app (bounds and outline ids of the adapters).
let countries: CountryInfo[];
let dir: string;
beforeAll(async () => {
  await loadWorldOutlines(); // a chunk of its own, loaded after the first paint (world-outlines.ts)
  dir = mkdtempSync(path.join(os.tmpdir(), 'offline-country-at-'));
  const service = await CatastroService.open({ dataDir: dir, importSample: false });
  countries = service.status().countries ?? [];
  service.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const around = (lon: number, lat: number) => [lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01] as const;

describe("which country's files a map view's offline download takes", () => {
  it.each([
    ['Melque de Cercos (Segovia)', around(-4.47, 41.04), 'ES'],
    ['Épinay-sur-Orge', around(2.325, 48.67), 'FR'],
    ['Hendaye, just north of the border', around(-1.765, 43.365), 'FR'],
    ['Irun, just south of it', around(-1.79, 43.34), 'ES'],
    ['Lisbon (no downloadable files for Portugal)', around(-9.14, 38.72), undefined],
    ['Berlin (no downloadable files for Germany)', around(13.4, 52.52), undefined],
  ])('%s', (_place, view, expected) => {
    expect(offlineCountryAt(countries, view)).toBe(expected);
  });
});
