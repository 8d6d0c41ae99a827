import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FORMATS } from '../../../core/countries/import-formats.js';
import { CatastroService } from '../../../core/service.js';
import { PostgisStore } from '../../../core/store/postgres/postgis-store.js';
import { fixture } from '../../helpers/paths.js';
import { postgresSkipReason, startTestCluster, type TestCluster } from '../../helpers/postgres-cluster.js';

/**
 * Issue #41 item 5: on the team database each lookup is one round trip, a prepared statement.
 * Point→parcel asked the parcel, then its finca, then its units: three round trips, each parsed
 * and planned again (planning took longer than executing).
 */
const PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');

describe.skipIf(postgresSkipReason !== undefined)(`team store round trips${postgresSkipReason ? ` — skipped: ${postgresSkipReason}` : ''}`, () => {
  let cluster: TestCluster;
  let url: string;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-round-trips-'));

  beforeAll(async () => {
    cluster = await startTestCluster();
    url = await cluster.createDatabase('team');
    const store = await PostgisStore.open(url);
    await store.importFiles([PARCELS], undefined, { formats: IMPORT_FORMATS });
    await store.close();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers a lookup by reference and a point→parcel with one statement each, prepared once per connection', async () => {
    const service = await CatastroService.open({ dataDir, store: url, importSample: false });
    try {
      const store = service.store as PostgisStore;
      const parcel = (await store.getParcel('ES', '000700100UL74F'))!;
      const statements: string[] = [];
      const query = store.db.pool.query.bind(store.db.pool);
      store.db.pool.query = ((config: { text: string; name?: string }, ...rest: unknown[]) => {
        statements.push(config.name ?? config.text);
        return (query as (...args: unknown[]) => unknown)(config, ...rest);
      }) as typeof store.db.pool.query;

      const byPoint = await service.parcelAt({ latitude: parcel.centroid[1], longitude: parcel.centroid[0] });
      expect(byPoint.refCat14).toBe('000700100UL74F');
      expect(statements).toHaveLength(1);
      const byReference = await service.parcel('000700100UL74F');
      expect(byReference.refCatastral).toBe('000700100UL74F');
      expect(statements).toHaveLength(2);
      // Named: PostgreSQL keeps each one parsed and planned on the connection that ran it.
      expect(statements.every((name) => /^catastro_\d+$/.test(name))).toBe(true);
    } finally {
      service.close();
    }
  }, 60_000);
});
