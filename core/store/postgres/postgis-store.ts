import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { fold } from '../../address/normalize.js';
import type { BBox, CountryCode, LonLat } from '../../model/index.js';
import type { AccessLocation, CadastralStore, LocalCopy, ParcelWithFinca, ParcelWithUnits } from '../cadastral-store.js';
import { ParcelStore } from '../parcel-store.js';
import {
  ADDRESS_COLUMNS,
  FINCA_COLUMNS,
  PARCEL_COLUMN_COUNT,
  PARCEL_FACT_COLUMNS,
  PARCEL_FROM,
  addressFromRow,
  fincaFromRow,
  fincaFromValues,
  foldedLikePattern,
  parcelFromValues,
  unitFromRow,
  type AddressRow,
  type FincaRow,
  type UnitRow,
} from '../parcel-rows.js';
import type { ImportProgress, ImportResult, StoredAddress, StoredFinca, StoredParcel, StoredUnit } from '../../model/records.js';
import { PgConnection, poolSizeFor } from './connection.js';
import { ReplicaReads, hasReplayed, walEnd } from './replica-reads.js';
import { importIntoPostgis } from './postgis-import.js';
import type { ImportOptions } from '../import-formats.js';
import { ewkbHex, fromWkb } from './wkb.js';
import { AskedRows, TurnReads } from './turn-reads.js';
import { FINCAS, PARCELS, UNITS, numberedValues, unnestRows, upsert } from '../tables.js';

/** A parcel joined with its building, in the order `parcelFrom` reads it (the SQLite store's PARCEL_COLUMNS). */
const PARCEL_COLUMNS = `p.country, p.ref, ST_AsBinary(p.geom) AS wkb, ${PARCEL_FACT_COLUMNS}`;
/** The finca of the parcel's reference, joined after PARCEL_FROM: its FINCA_COLUMNS follow the parcel's values. */
const FINCA_SELECT = FINCA_COLUMNS.map((c) => `f.${c}`).join(', ');
const FINCA_JOIN = `LEFT JOIN fincas f ON f.country = p.country AND f.ref = p.ref`;
/** How many values PARCEL_COLUMNS reads (a joined finca's follow them): the SQLite row's less its id. */
const PARCEL_VALUES = PARCEL_COLUMN_COUNT - 1;

/** A turn's lookups by reference and its points, as the rows of one JSON parameter each. */
const ASKED_REFERENCES = new AskedRows({ country: 'text', ref: 'text' });
const ASKED_POINTS = new AskedRows({ lon: 'float8', lat: 'float8', country: 'text', unit_limit: 'int' });

type Row = unknown[];
function parcelFrom(row: Row): StoredParcel {
  const [country, ref, wkb, ...facts] = row as [string, string, Buffer, ...unknown[]];
  return parcelFromValues(country, ref, fromWkb(wkb), facts);
}

/** A row of a parcel, its finca's FINCA_COLUMNS and its units as one JSON array. */
function parcelWithUnits(values: Row): ParcelWithUnits {
  const parcel = parcelFrom(values);
  const finca = fincaFromValues(values.slice(PARCEL_VALUES, -1));
  const units = ((values[values.length - 1] as UnitRow[] | null) ?? []).map(unitFromRow);
  return finca ? { parcel, finca, units } : { parcel, units };
}

/** The parcel upsert of parcel-writer.ts (core/store/tables.ts): attributes the new record lacks stay as they were. */
const PARCEL_UPSERT = upsert(PARCELS, 'postgres', unnestRows(PARCELS));

/** The parameters of PARCEL_UPSERT: one array per column (one statement per batch, not per parcel). */
export function parcelColumns(parcels: StoredParcel[], offlineArea?: string): unknown[][] {
  const column = <T>(of: (p: StoredParcel) => T) => parcels.map(of);
  return [
    column((p) => p.country),
    column((p) => p.ref),
    column((p) => ewkbHex(p.geometry)),
    column((p) => p.centroid[0]),
    column((p) => p.centroid[1]),
    column((p) => p.areaM2),
    column((p) => p.municipio ?? null),
    column((p) => p.provincia ?? null),
    column((p) => p.direccion ?? null),
    column((p) => (p.direccion ? fold(p.direccion) : null)),
    column((p) => p.codigoPostal ?? null),
    column((p) => p.uso ?? null),
    column((p) => p.clase ?? null),
    column((p) => p.superficieConstruida ?? null),
    column((p) => p.anioConstruccion ?? null),
    column((p) => p.declaredUnits ?? null),
    column((p) => p.declaredDwellings ?? null),
    column((p) => p.source),
    column((p) => p.dataDate),
    column(() => offlineArea ?? null),
  ];
}

const FINCA_UPSERT = upsert(FINCAS, 'postgres', numberedValues(FINCAS));

/** The parameters of FINCA_UPSERT, in writtenColumns order. */
const fincaValues = (country: CountryCode, f: StoredFinca) => [
  country,
  f.ref,
  f.direccion,
  fold(f.direccion),
  f.codigoPostal,
  f.municipio,
  f.provincia,
  f.usoGeneral,
  f.superficieTotal,
  f.superficieParcela ?? null,
  f.anioConstruccion,
  f.declaredUnits,
  f.source,
  f.dataDate,
];

const UNITS_INSERT = upsert(UNITS, 'postgres', unnestRows(UNITS, ['country']));

const unitColumns = (country: CountryCode, units: StoredUnit[]) => [
  units.map((u) => u.ref),
  units.map((u) => u.finca),
  units.map((u) => u.escalera),
  units.map((u) => u.planta),
  units.map((u) => u.puerta),
  units.map((u) => u.uso),
  units.map((u) => u.superficie),
  units.map((u) => u.descripcion),
  units.map((u) => u.participacion),
  units.map((u) => u.anio),
  units.map((u) => u.direccion),
  units.map((u) => u.source),
  units.map((u) => u.dataDate),
  country,
];

const CHANGES_CHANNEL = 'catastro_data_changed';

export interface PostgisStoreOptions {
  /** Connections in each pool for queries; by default `poolSizeFor(processes)`. */
  poolSize?: number;
  /** Server processes sharing this machine's cores (`serve --workers`), for the default pool size; 1 by default. */
  processes?: number;
  connectTimeoutMs?: number;
  /**
   * postgres://… of a streaming replica of the same database: lookups read there, while writes,
   * imports, migrations, change notifications, keys and quota charges stay on the primary.
   */
  readUrl?: string;
  /**
   * What stays in the data folder (offline areas, analysis layers): the embedded file beside the
   * database, which the team store then owns and closes. Without one (tests, a team import:
   * OpenStoreOptions.localCopy), a throwaway in-memory copy.
   */
  local?: ParcelStore;
}

/** How often a store with a read replica asks whether the replica has replayed a change yet: from 5 ms, doubling to 1 s. */
const REPLAY_POLL_MS = { first: 5, most: 1_000 };

/**
 * The store on a shared PostgreSQL/PostGIS database: the team server's copy, read and written
 * by several server processes (and machines) at once. Outlines are PostGIS geometries in
 * SRID 4326 with a GiST index; point→parcel is `ST_Intersects` on it. Every statement goes
 * through one connection pool; bulk imports stream with COPY, one transaction per file
 * (postgis-import.ts). The data generation moves on the database's change notifications, so
 * a process keeping answers in memory drops them when any process changes the data.
 */
export class PostgisStore implements CadastralStore {
  private generation = 0;
  private listener: pg.PoolClient | undefined;
  private closed = false;

  private constructor(
    /** The primary: every write, and what must never lag (keys, quota charges: `accessLocation`). */
    readonly db: PgConnection,
    /** Where lookups read: a streaming replica given as `readUrl` (the primary while it fails), else the primary itself. */
    private readonly reads: PgConnection | ReplicaReads,
    private readonly localFile: ParcelStore,
  ) {}

  get local(): LocalCopy {
    return this.localFile;
  }

  /** Connects, applies pending migrations and starts listening for changes. Fails with a 503 ServiceError when unreachable. */
  static async open(url: string, options: PostgisStoreOptions = {}): Promise<PostgisStore> {
    const size = options.poolSize ?? poolSizeFor(options.processes ?? 1);
    const connect = (to: string, max: number) => new PgConnection(to, { max, connectTimeoutMs: options.connectTimeoutMs });
    // The primary's pool also holds the connection that listens for changes (listen()).
    const db = connect(url, size + 1);
    const reads = options.readUrl ? new ReplicaReads(connect(options.readUrl, size), db) : db;
    const store = new PostgisStore(db, reads, options.local ?? ParcelStore.open(':memory:'));
    try {
      await db.migrate();
      await store.listen();
      store.count = { value: await store.countParcels(), generation: store.generation };
    } catch (error) {
      await db.end().catch(() => {});
      if (reads !== db) await reads.end().catch(() => {});
      store.localFile.close();
      throw error;
    }
    return store;
  }

  private replay: { following: boolean; again: boolean } = { following: false, again: false };

  /**
   * The data changed: answers kept in memory are dropped now and, with a read replica, once more
   * when the replica has replayed the primary's WAL up to this change. An answer read from the
   * replica between the notification and the replay (the old row, under the new generation)
   * would otherwise be kept until the next change.
   */
  private moved(): void {
    this.generation++;
    if (this.reads === this.db || this.closed) return;
    if (this.replay.following) {
      this.replay.again = true;
      return;
    }
    this.replay.following = true;
    void this.followReplay().finally(() => {
      this.replay.following = false;
    });
  }

  private async followReplay(): Promise<void> {
    let wait = REPLAY_POLL_MS.first;
    let target: string | undefined;
    while (!this.closed) {
      try {
        target ??= await walEnd(this.db);
        if (await hasReplayed(this.reads, target)) {
          this.generation++;
          if (!this.replay.again) return;
          this.replay.again = false;
          target = undefined;
          wait = REPLAY_POLL_MS.first;
          continue;
        }
      } catch {
        // Either database does not answer: lookups answer 503 meanwhile; ask again.
      }
      await sleep(wait, undefined, { ref: false });
      wait = Math.min(wait * 2, REPLAY_POLL_MS.most);
    }
  }

  /**
   * A dedicated connection LISTENs for committed changes; if it drops, it reconnects (every
   * second until the database answers again) and counts a change (one may have been missed).
   */
  private async listen(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.db.pool.connect();
    } catch (error) {
      throw this.db.failure(error);
    }
    let dropped = false;
    const drop = () => {
      if (!dropped) client.release(true);
      dropped = true;
    };
    client.on('notification', () => {
      this.moved();
    });
    client.on('error', (error) => {
      this.moved();
      drop();
      // Only the listening connection reconnects here; a failed LISTEN is retried by its caller.
      if (this.listener !== client) return;
      this.listener = undefined;
      // The operator's word (callers get a plain 503): which database, and why, once per outage.
      if (!this.closed) console.error(`The team database ${this.db.where} does not answer (${error.message}); reconnecting every second.`);
      this.relisten();
    });
    try {
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      drop();
      throw this.db.failure(error);
    }
    this.listener = client;
  }

  private relisten(): void {
    if (this.closed) return;
    setTimeout(() => {
      if (this.closed) return;
      this.listen().then(
        () => {
          console.error(`The team database ${this.db.where} answers again.`);
        },
        () => {
          this.moved();
          this.relisten();
        },
      );
    }, 1_000).unref();
  }

  async getParcel(country: CountryCode, ref: string): Promise<StoredParcel | undefined> {
    const rows = await this.reads.rows(`SELECT ${PARCEL_COLUMNS} FROM ${PARCEL_FROM} WHERE p.country = $1 AND p.ref = $2`, [country, ref]);
    return rows[0] && parcelFrom(rows[0] as Row);
  }

  /**
   * Lookups by reference asked in one event-loop turn go to the database as ONE statement, so
   * each answer does not pay a query's round trip of its own (the pg driver's write, wake-up and
   * reply handling were most of a lookup's CPU), nor its planning (AskedRows).
   */
  private readonly turnLookups = new TurnReads<{ country: CountryCode; ref: string }, ParcelWithFinca | undefined>(async (asked) => {
    const rows = (await this.reads.rows(
      `SELECT asked.i, ${PARCEL_COLUMNS}, ${FINCA_SELECT} FROM ${ASKED_REFERENCES.from}
        JOIN (${PARCEL_FROM}) ON p.country = asked.country AND p.ref = asked.ref ${FINCA_JOIN}`,
      [ASKED_REFERENCES.parameter(asked)],
    )) as Row[];
    const answers: (ParcelWithFinca | undefined)[] = asked.map(() => undefined);
    for (const [i, ...values] of rows) {
      const finca = fincaFromValues(values.slice(PARCEL_VALUES));
      answers[i as number] = finca ? { parcel: parcelFrom(values), finca } : { parcel: parcelFrom(values) };
    }
    return answers;
  });

  getParcelWithFinca(country: CountryCode, ref: string): Promise<ParcelWithFinca | undefined> {
    return this.turnLookups.read({ country, ref });
  }

  /**
   * Point→parcel asked in one event-loop turn, as ONE statement: each point (numbered) finds its
   * parcel in a LATERAL subquery (the GiST index finds the candidates, ST_Intersects decides, the
   * smallest wins where parcels overlap), its units as one JSON array. A statement per point was
   * planned afresh each time (PostgreSQL kept custom plans for it), and planning took twice its
   * execution (docs/performance.md "Team store: where an answer's time goes").
   *
   * The points go as one JSON parameter (AskedRows), so the statement keeps its generic plan.
   */
  private readonly turnPoints = new TurnReads<{ point: LonLat; country?: CountryCode; unitLimit: number }, ParcelWithUnits | undefined>(async (asked) => {
    const rows = (await this.reads.rows(
      `SELECT asked.i, hit.* FROM ${ASKED_POINTS.from}
          CROSS JOIN LATERAL (SELECT ${PARCEL_COLUMNS}, ${FINCA_SELECT},
              (SELECT json_agg(u) FROM (SELECT * FROM units WHERE country = p.country AND finca = p.ref ORDER BY ref LIMIT asked.unit_limit) u)
            FROM ${PARCEL_FROM} ${FINCA_JOIN}
            WHERE ST_Intersects(p.geom, ST_SetSRID(ST_MakePoint(asked.lon, asked.lat), 4326)) AND (asked.country IS NULL OR p.country = asked.country) ORDER BY p.area LIMIT 1) hit`,
      [ASKED_POINTS.parameter(asked.map((a) => ({ lon: a.point[0], lat: a.point[1], country: a.country ?? null, unit_limit: a.unitLimit })))],
    )) as Row[];
    const answers: (ParcelWithUnits | undefined)[] = asked.map(() => undefined);
    for (const [i, ...values] of rows) answers[i as number] = parcelWithUnits(values);
    return answers;
  });

  parcelAtWithUnits(point: LonLat, country: CountryCode, unitLimit: number): Promise<ParcelWithUnits | undefined> {
    return this.turnPoints.read({ point, country, unitLimit });
  }

  /** The parcel alone, read with the turn's other points (its finca's probe and an empty units read cost less than a statement of its own). */
  async parcelAt(point: LonLat, country?: CountryCode): Promise<StoredParcel | undefined> {
    return (await this.turnPoints.read({ point, country, unitLimit: 0 }))?.parcel;
  }

  async parcelsWithAddressWord(country: CountryCode, word: string, limit: number): Promise<StoredParcel[]> {
    const pattern = foldedLikePattern(word);
    const rows = await this.reads.rows(
      `SELECT ${PARCEL_COLUMNS}, f.direccion AS finca_direccion FROM ${PARCEL_FROM} LEFT JOIN fincas f ON f.country = p.country AND f.ref = p.ref
        WHERE p.country = $1 AND COALESCE(p.direccion_folded, f.direccion_folded) LIKE $2 LIMIT $3`,
      [country, pattern, limit],
    );
    return (rows as Row[]).map((row) => {
      const parcel = parcelFrom(row.slice(0, -1));
      const fincaAddress = row[row.length - 1] as string | null;
      return parcel.direccion || !fincaAddress ? parcel : { ...parcel, direccion: fincaAddress };
    });
  }

  /** Portals of imported INSPIRE Addresses files on a street holding `word` (accents and case folded, as SQLite's copy). */
  async importedAddressesWithWord(country: CountryCode, word: string, limit: number): Promise<StoredAddress[]> {
    // COLLATE "C" orders by code point, as SQLite orders text.
    const { rows } = await this.reads.query<AddressRow>(
      `SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE country = $1 AND street_folded LIKE $2
        ORDER BY ref COLLATE "C", street COLLATE "C", number COLLATE "C" LIMIT $3`,
      [country, foldedLikePattern(word), limit],
    );
    return rows.map((r) => addressFromRow(country, r));
  }

  async parcelsInBBox(bbox: BBox, limit: number): Promise<StoredParcel[]> {
    const rows = await this.reads.rows(`SELECT ${PARCEL_COLUMNS} FROM ${PARCEL_FROM} WHERE p.geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) LIMIT $5`, [
      ...bbox,
      limit,
    ]);
    return (rows as Row[]).map(parcelFrom);
  }

  async heldReferences(country: CountryCode, refs: string[]): Promise<string[]> {
    if (refs.length === 0) return [];
    const { rows } = await this.reads.query<{ ref: string }>('SELECT ref FROM parcels WHERE country = $1 AND ref = ANY($2::text[]) ORDER BY ref', [
      country,
      refs,
    ]);
    return rows.map((row) => row.ref);
  }

  async countParcels(country?: CountryCode): Promise<number> {
    const { rows } = await this.reads.query<{ n: string }>('SELECT count(*) AS n FROM parcels WHERE $1::text IS NULL OR country = $1', [country ?? null]);
    return Number(rows[0].n);
  }

  /** A database server maps nothing into this process: the plain count. */
  countParcelsOnce(): Promise<number> {
    return this.countParcels();
  }

  /**
   * Whether the database answers, as the status page shows it: its listening connection is up
   * (it drops when the database goes away and is made again, every second, when it is back).
   */
  health(): 'up' | 'down' {
    return this.listener ? 'up' : 'down';
  }

  /** With a read replica: `up` while lookups read it, `down` while they read the primary in its place (ReplicaReads). */
  readReplicaHealth(): 'up' | 'down' | undefined {
    return this.reads instanceof ReplicaReads ? this.reads.health() : undefined;
  }

  dataGeneration(): number {
    return this.generation;
  }

  private count: { value: number; generation: number; reading?: Promise<void> } = { value: 0, generation: -1 };

  /**
   * The number of parcels as last counted, recounted in the background when the data changed
   * (the status page asks on every call and must not wait on a count of millions of rows).
   */
  knownParcelCount(): number {
    if (this.count.generation !== this.generation && !this.count.reading && !this.closed) {
      const generation = this.generation;
      this.count.reading = this.countParcels()
        .then((n) => {
          this.count.value = n;
          this.count.generation = generation;
        })
        .catch(() => {})
        .finally(() => {
          this.count.reading = undefined;
        });
    }
    return this.count.value;
  }

  /** This process changed the data: its own readers see the new generation at once, before the notification comes back. */
  changed(): void {
    this.moved();
  }

  /**
   * Imports files, each in one transaction (postgis-import.ts). An interruption stops the import
   * where it reports progress, its transaction rolled back; the file's origin is not kept and no
   * other process's writes are waited for (the database serialises them).
   */
  importFiles(files: string[], onProgress: ((progress: ImportProgress) => void) | undefined, options: ImportOptions): Promise<ImportResult[]> {
    const { signal } = options;
    return importIntoPostgis(this, files, options.formats, (progress) => {
      signal?.throwIfAborted();
      onProgress?.(progress);
    });
  }

  /** The keys and quota counters live in the team database, so every server process checks the same. */
  accessLocation(): AccessLocation {
    return { database: this.db };
  }

  async upsertParcels(parcels: StoredParcel[]): Promise<void> {
    if (parcels.length === 0) return;
    await this.db.query(PARCEL_UPSERT, parcelColumns(parcels));
    this.moved();
  }

  async getFinca(country: CountryCode, ref: string): Promise<StoredFinca | undefined> {
    const { rows } = await this.reads.query<FincaRow>('SELECT * FROM fincas WHERE country = $1 AND ref = $2', [country, ref]);
    return rows[0] && fincaFromRow(rows[0]);
  }

  async upsertFinca(country: CountryCode, finca: StoredFinca): Promise<void> {
    await this.db.query(FINCA_UPSERT, fincaValues(country, finca));
    this.moved();
  }

  async getUnit(country: CountryCode, ref: string): Promise<StoredUnit | undefined> {
    const { rows } = await this.reads.query<UnitRow>('SELECT * FROM units WHERE country = $1 AND ref = $2', [country, ref]);
    return rows[0] && unitFromRow(rows[0]);
  }

  async unitsPage(country: CountryCode, finca: string, afterRef: string | undefined, limit: number): Promise<StoredUnit[]> {
    const { rows } = await this.reads.query<UnitRow>(
      'SELECT * FROM units WHERE country = $1 AND finca = $2 AND ($3::text IS NULL OR ref > $3) ORDER BY ref LIMIT $4',
      [country, finca, afterRef ?? null, limit],
    );
    return rows.map(unitFromRow);
  }

  async countUnits(country: CountryCode, finca: string): Promise<number> {
    const { rows } = await this.reads.query<{ n: string }>('SELECT count(*) AS n FROM units WHERE country = $1 AND finca = $2', [country, finca]);
    return Number(rows[0].n);
  }

  async replaceUnits(country: CountryCode, finca: string, units: StoredUnit[]): Promise<void> {
    await this.db.transaction(async (client) => {
      await client.query('DELETE FROM units WHERE country = $1 AND finca = $2', [country, finca]);
      if (units.length) await client.query(UNITS_INSERT, unitColumns(country, units));
    });
    this.moved();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listener?.release(true);
    this.listener = undefined;
    this.localFile.close();
    await this.db.end();
    if (this.reads !== this.db) await this.reads.end();
  }
}
