// Terrain overlap time per parcel (ms) against the number of protected sites loaded: the Madrid
// ZEPA + ZEC layers (14 real sites) at 1×, 10× and 100×, the extra copies shifted away from
// Madrid (so they add sites and R*Tree entries, not candidates). Figures only, not a test.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AnalysisService } from '../core/analysis/analysis-service.js';
import { ProtectedAreaWriter, type SiteRecord } from '../core/analysis/terrain/protected-area-writer.js';
import { readLayer } from '../core/analysis/terrain/read-layer.js';
import { detectPreset, siteTypes } from '../core/analysis/terrain/field-mapping.js';
import type { LonLat, Parcel } from '../core/model/index.js';
import { AnalysisLayerWriter } from '../core/store/analysis-tables.js';
import { ParcelStore } from '../core/store/parcel-store.js';
import { squareParcel } from '../test/integration/analysis/parcels.js';
import { UpstreamClient } from '../core/upstream/upstream-client.js';
import { fixture } from '../test/helpers/paths.js';

const layers = ['es_madrid_zepa_qgis2web_3857.geojson', 'es_madrid_zec_qgis2web_3857.geojson.gz'].map((f) => fixture(`analysis/${f}`));

async function madridSites(): Promise<SiteRecord[]> {
  const sites: SiteRecord[] = [];
  for (const file of layers) {
    for await (const feature of readLayer(file)) {
      const mapping = detectPreset(feature.properties)!.mapping;
      const code = String(feature.properties[mapping.code]);
      sites.push({
        code,
        name: String(feature.properties[mapping.name]),
        types: siteTypes(mapping, feature.properties),
        country: 'ES',
        polygons: feature.polygons,
      });
    }
  }
  return sites;
}

const shifted = (site: SiteRecord, copy: number): SiteRecord => {
  // Copy k > 0 goes 2° × (k mod 10 + 1) east and 1.5° × floor(k / 10) north: never over Madrid.
  const dx = copy === 0 ? 0 : 2 * ((copy % 10) + 1);
  const dy = copy === 0 ? 0 : 1.5 * Math.floor(copy / 10);
  return {
    ...site,
    code: `${site.code}-${copy}`,
    polygons: site.polygons.map((rings) => rings.map((ring) => ring.map(([x, y]) => [x + dx, y + dy] as LonLat))),
  };
};

/** Deterministic square parcels (~110 m) over the Comunidad de Madrid. */
function parcels(count: number): Parcel[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, i) => {
    const lon = -4.3 + random() * 1.3;
    const lat = 40.1 + random() * 1.0;
    return squareParcel(lon, lat, 'ES', { refCatastral: `BENCH${i}` });
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-terrain-'));
try {
  const store = ParcelStore.open(path.join(dir, 'bench.sqlite'));
  const { db } = store;
  const service = new AnalysisService({ tables: store.analysisTables(), http: new UpstreamClient() });
  const writer = new ProtectedAreaWriter(new AnalysisLayerWriter(db));
  const sites = await madridSites();
  const sample = parcels(200);
  console.log('| copies | sites | parts | terrain ms/parcel p50 | p95 | mean | parcels meeting a site | db MB |');
  console.log('|---|---|---|---|---|---|---|---|');
  let copies = 0;
  for (const target of [1, 10, 100]) {
    db.transaction(() => {
      for (; copies < target; copies++) {
        const dataset = writer.dataset(`madrid-copy-${copies}`, { name: `Madrid ZEPA+ZEC copy ${copies}`, license: 'bench', edition: 'bench' });
        sites.forEach((site) => writer.site(dataset, shifted(site, copies)));
        writer.finish(dataset, sites.length);
      }
    })();
    for (const p of sample.slice(0, 10)) service.terrain(p); // warm caches and JIT
    const times: number[] = [];
    let meeting = 0;
    for (const p of sample) {
      const started = performance.now();
      const result = service.terrain(p);
      times.push(performance.now() - started);
      if (result.protected_areas.intersects) meeting++;
    }
    times.sort((a, b) => a - b);
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    db.pragma('wal_checkpoint(TRUNCATE)');
    console.log(
      `| ${target}× | ${count('SELECT count(*) AS n FROM analysis_pa_sites')} | ${count('SELECT count(*) AS n FROM analysis_pa_parts')} | ` +
        `${percentile(times, 0.5).toFixed(2)} | ${percentile(times, 0.95).toFixed(2)} | ${(times.reduce((a, b) => a + b) / times.length).toFixed(2)} | ` +
        `${meeting}/${sample.length} | ${(statSync(path.join(dir, 'bench.sqlite')).size / 2 ** 20).toFixed(0)} |`,
    );
  }
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
