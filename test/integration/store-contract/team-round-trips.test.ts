import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FORMATS } from '../../../core/countries/import-formats.js';
import { CatastroService } from '../../../core/service.js';
import { PostgisStore } from '../../../core/store/postgres/postgis-store.js';
import { fixture } from '../../helpers/paths.js';
import { shiftedCopies } from '../../helpers/segovia-copies.js';
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

  it('reads the lookups by reference asked in one turn with one statement, each answered with its own parcel', async () => {
    const store = await PostgisStore.open(url);
    try {
      const refs = (await store.db.query<{ ref: string }>(`SELECT ref FROM parcels ORDER BY ref LIMIT 20`)).rows.map((row) => row.ref);
      const statements: string[] = [];
      const query = store.db.pool.query.bind(store.db.pool);
      store.db.pool.query = ((config: { text: string }, ...rest: unknown[]) => {
        statements.push(config.text);
        return (query as (...args: unknown[]) => unknown)(config, ...rest);
      }) as typeof store.db.pool.query;

      const answers = await Promise.all([...refs, '9999999XX9999X', refs[0]].map((ref) => store.getParcelWithFinca('ES', ref)));
      expect(statements).toHaveLength(1);
      expect(answers.map((answer) => answer?.parcel.ref)).toEqual([...refs, undefined, refs[0]]);
      // The next turn's lookups are a statement of their own.
      expect((await store.getParcelWithFinca('ES', refs[1]))?.parcel.ref).toBe(refs[1]);
      expect(statements).toHaveLength(2);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('finds the parcel at a point through the GiST index alone, right after an import', async () => {
    // Issue #41 item 5: a freshly imported table had no statistics, so the planner guessed
    // `country = 'ES'` kept 0.5 % of the rows and intersected the GiST's candidates with a scan of
    // the whole (country, ref) index: 4 ms a point at 28,860 parcels instead of 0.25 ms, growing with the table.
    const store = await PostgisStore.open(await cluster.createDatabase('copies'));
    try {
      // Enough parcels for the planner to weigh its guesses (at the sample's 1,443 it chose the GiST either way).
      const { file } = await shiftedCopies(dataDir, 20);
      await store.importFiles([file], undefined, { formats: IMPORT_FORMATS });
      const parcel = (await store.getParcel('ES', '000700100UL74F'))!;
      const sent: { text: string; values: unknown[] }[] = [];
      const query = store.db.pool.query.bind(store.db.pool);
      store.db.pool.query = ((config: { text: string; values: unknown[] }, ...rest: unknown[]) => {
        sent.push(config);
        return (query as (...args: unknown[]) => unknown)(config, ...rest);
      }) as typeof store.db.pool.query;
      expect((await store.parcelAtWithUnits(parcel.centroid, 'ES', 2))?.parcel.ref).toBe('000700100UL74F');
      expect(sent).toHaveLength(1);

      const [{ text, values }] = sent;
      const { rows } = await store.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${text}`, values);
      const onParcels = planNodes(rows[0]['QUERY PLAN'][0].Plan).filter(
        (node) => node['Relation Name'] === 'parcels' || node['Index Name']?.startsWith('parcels'),
      );
      expect(onParcels.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
      expect(new Set(onParcels.flatMap((node) => node['Index Name'] ?? []))).toEqual(new Set(['parcels_geom']));
    } finally {
      await store.close();
    }
  }, 120_000);
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];
