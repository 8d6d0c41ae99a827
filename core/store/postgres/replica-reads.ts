import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { isServiceError } from '../../model/index.js';
import type { PgConnection } from './connection.js';

type Reader = Pick<PgConnection, 'query'>;

/**
 * Where the primary's WAL ends now: every change it has announced lies before it. The insert
 * position, not pg_current_wal_lsn (the write position): under synchronous_commit=off a change's
 * commit record may not be written out yet when its notification arrives, and a replica past the
 * write position would still show the old row.
 */
export async function walEnd(primary: Reader): Promise<string> {
  return (await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0].lsn;
}

/** Whether `reads` has replayed the WAL up to `lsn`; a primary read as its own replica (not in recovery: NULL) has nothing to wait for. */
export async function hasReplayed(reads: Reader, lsn: string): Promise<boolean> {
  const { rows } = await reads.query<{ replayed: boolean | null }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed', [lsn]);
  return rows[0].replayed !== false;
}

/** How often the primary asks again, while reading in its place, whether the replica answers and has caught up. */
const REPLICA_RETRY_MS = 1_000;

/**
 * Where lookups read with `serve --store-read`: the replica while it answers; the primary while
 * it does not (stopped, unreachable, refusing this server), so that a replica's failure costs
 * capacity, not answers. The first read the replica fails goes to the primary at once, and so
 * do all reads after it until the replica answers again and has replayed the primary's WAL as
 * far as the primary had written it when asked: answers read there are then no older than the
 * ones the primary gave meanwhile.
 */
export class ReplicaReads {
  private failed: { reason: string } | undefined;
  private ended = false;

  constructor(
    readonly replica: PgConnection,
    private readonly primary: PgConnection,
  ) {}

  /** `up` while lookups read the replica; `down` while they read the primary in its place. */
  health(): 'up' | 'down' {
    return this.failed ? 'down' : 'up';
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.read((connection) => connection.query<R>(text, values));
  }

  rows(text: string, values: unknown[]): Promise<unknown[][]> {
    return this.read((connection) => connection.rows(text, values));
  }

  private async read<T>(work: (connection: PgConnection) => Promise<T>): Promise<T> {
    if (!this.failed) {
      try {
        return await work(this.replica);
      } catch (error) {
        // PgConnection turns "does not answer" and "refuses this connection" into the spec's 503.
        if (!isServiceError(error) || error.code !== 'SERVICE_UNAVAILABLE') throw error;
        this.fallBack(error.detail ?? error.message);
      }
    }
    return work(this.primary);
  }

  private fallBack(reason: string): void {
    if (this.failed || this.ended) return;
    this.failed = { reason };
    // The operator's word, once per outage (callers are answered from the primary).
    console.error(`The read replica ${this.replica.where} does not answer (${reason}); lookups read the primary until it is back.`);
    void this.waitForReplica();
  }

  private async waitForReplica(): Promise<void> {
    while (!this.ended) {
      await sleep(REPLICA_RETRY_MS, undefined, { ref: false });
      try {
        if (!(await hasReplayed(this.replica, await walEnd(this.primary)))) continue;
      } catch {
        continue;
      }
      if (this.ended) return;
      this.failed = undefined;
      console.error(`The read replica ${this.replica.where} answers again; lookups read it again.`);
      return;
    }
  }

  end(): Promise<void> {
    this.ended = true;
    return this.replica.end();
  }
}
