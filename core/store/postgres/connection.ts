import os from 'node:os';
import pg from 'pg';
import { ServiceError } from '../../model/index.js';
import { POSTGIS_MIGRATIONS } from './schema.js';
import { latestTeamSchema } from './fresh-schema.js';
import { describeDatabase } from './store-url.js';

/** Node's socket errors and PostgreSQL's connection-class SQLSTATEs (08…, 57P01–57P03, 53300). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

/**
 * PostgreSQL refusing the connection itself, whatever the query: no such database (3D000), no
 * such role or no pg_hba.conf entry for it (28000), a wrong password (28P01). The URL is wrong,
 * not the request.
 */
const REFUSAL_CODES = new Set(['3D000', '28000', '28P01']);

export function isUnreachable(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  return UNREACHABLE_CODES.has(code) || code.startsWith('08') || UNREACHABLE_MESSAGES.test(String((error as Error)?.message ?? ''));
}

/**
 * Connections for queries in each server process's pool: ten per core in all, shared out among
 * the processes of `serve --workers N`, at least 2 each (10 each for two processes on two cores, as
 * the fixed 10 was; 5 each for four). A statement in flight mostly waits (the network, a core for
 * the backend), so fewer connections cost throughput: two each served 0.53–1.29× (median 0.73) the
 * lookups and 0.50–0.96× (0.60) the point→parcel calls of ten each, in 6 alternating rounds on one
 * database at load 13–16 (docs/performance.md, "Team store: pool per core").
 */
export function poolSizeFor(processes: number, cores = os.availableParallelism()): number {
  return Math.max(2, Math.ceil((10 * cores) / Math.max(1, processes)));
}

/** Statement texts are fixed in the code; a bound keeps a text built at run time from growing every connection's set. */
const MAX_NAMED_STATEMENTS = 200;

/**
 * A pool of connections to the team database. Every query goes through `query`/`transaction`,
 * which turn "the database does not answer" (or refuses this connection) into the spec's 503
 * SERVICE_UNAVAILABLE, so an API call answers 503, not 500, while the database is down, and
 * answers again as soon as it is back. The answer says only that: which database and its socket
 * error are the error's `detail`, for the server's log and the command line (never its password).
 */
export class PgConnection {
  readonly pool: pg.Pool;
  readonly where: string;

  constructor(
    readonly url: string,
    options: { max: number; connectTimeoutMs?: number },
  ) {
    this.where = describeDatabase(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.max,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      application_name: 'catastro',
      // PostgreSQL compiles a statement whose estimated cost passes jit_above_cost (100,000 by
      // default) to machine code before running it: about 100 ms each time. The store's statements
      // are short lookups whose estimates pass it on a large table (a turn's points on 360,750
      // parcels: 110,000), so JIT would only add that wait (docs/performance.md, "Team store: where
      // an answer's time goes"). A URL's own `options` still win.
      options: '-c jit=off',
    });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    this.pool.on('error', () => {});
  }

  /** `error` as the spec's 503 when the database does not answer or refuses the connection; else `error` itself. */
  failure(error: unknown): unknown {
    const refused = REFUSAL_CODES.has(String((error as { code?: unknown })?.code ?? ''));
    if (!refused && !isUnreachable(error)) return error;
    return new ServiceError(
      'SERVICE_UNAVAILABLE',
      refused
        ? "The team database refuses this server's connection; the server's log says why."
        : 'The team database does not answer; try again when it is back.',
      undefined,
      { detail: `${this.where}: ${(error as Error)?.message ?? String(error)}` },
    );
  }

  /**
   * A statement with parameters runs as a named prepared statement: each connection parses and
   * plans it once and then only binds and executes it. Planning a lookup's join took 0.3–0.6 ms
   * against 0.1–0.2 ms for executing it (EXPLAIN ANALYZE, docs/performance.md "Team server").
   */
  private statement(text: string, values: unknown[] | undefined): pg.QueryConfig {
    if (values === undefined) return { text };
    let name = this.statementNames.get(text);
    if (name === undefined && this.statementNames.size < MAX_NAMED_STATEMENTS) {
      name = `catastro_${this.statementNames.size}`;
      this.statementNames.set(text, name);
    }
    return { name, text, values };
  }

  private readonly statementNames = new Map<string, string>();

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(this.statement(text, values));
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Rows as arrays of values in column order (no keyed object per row). */
  async rows(text: string, values: unknown[]): Promise<unknown[][]> {
    try {
      return (await this.pool.query({ ...this.statement(text, values), rowMode: 'array' })).rows;
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw this.failure(error);
    }
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = error;
      await client.query('ROLLBACK').catch(() => {});
      throw this.failure(error);
    } finally {
      client.release(broken && isUnreachable(broken) ? (broken as Error) : undefined);
    }
  }

  /** Applies the migrations not yet applied, in one transaction, one process at a time (an advisory lock). */
  async migrate(): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catastro_schema']);
      await client.query('CREATE TABLE IF NOT EXISTS catastro_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM catastro_schema');
      const current = rows[0].v ?? 0;
      if (current > POSTGIS_MIGRATIONS.length) {
        throw new Error(`The team database was written by a newer version (schema ${current}, this version knows ${POSTGIS_MIGRATIONS.length}).`);
      }
      // A new database is made at the latest schema in one step (fresh-schema.ts latestTeamSchema); the migrations upgrade older ones.
      const { rows: held } = await client.query<{ parcels: string | null }>("SELECT to_regclass('public.parcels')::text AS parcels");
      if (current === 0 && held[0].parcels === null) {
        await client.query(latestTeamSchema());
        await client.query('INSERT INTO catastro_schema (version) SELECT generate_series(1, $1::int)', [POSTGIS_MIGRATIONS.length]);
        return;
      }
      for (let version = current; version < POSTGIS_MIGRATIONS.length; version++) {
        await client.query(POSTGIS_MIGRATIONS[version]);
        await client.query('INSERT INTO catastro_schema (version) VALUES ($1)', [version + 1]);
      }
    });
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
