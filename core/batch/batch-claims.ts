import path from 'node:path';
import { isProcessAlive, processStartOf } from '../process-alive.js';
import { openSharedSqliteFile, type SqliteDatabase } from '../store/db.js';
import { migrateByUserVersion } from '../store/user-version-migrations.js';

/** The server-wide state of unfinished batches, beside their folders (`<data>/batches/`). */
export const BATCH_CLAIMS_FILE = 'batches.sqlite';

/** How often a runner renews its claim and reads a cancel asked through another process. */
export const HEARTBEAT_MS = 1_000;
/**
 * A claim not renewed for this long is dead even if its pid answers (the pid reused by another
 * program where the system gives no process start to tell them apart, see processStartOf). Far
 * above HEARTBEAT_MS: a worker busy for seconds on a large export is not dead.
 */
const STALE_MS = 60_000;

const MIGRATIONS = [
  `CREATE TABLE batch_runs (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     owner TEXT,
     state TEXT NOT NULL CHECK (state IN ('queued', 'running')),
     runner_pid INTEGER,
     runner_token TEXT,
     heartbeat_at INTEGER,
     cancel_requested INTEGER NOT NULL DEFAULT 0
   )`,
  // The runner's processStartOf: its pid given to another program after it died is not it.
  'ALTER TABLE batch_runs ADD COLUMN runner_started TEXT',
] as const;

interface ClaimRow {
  id: string;
  owner: string | null;
  state: 'queued' | 'running';
  runner_pid: number | null;
  runner_token: string | null;
  heartbeat_at: number | null;
  cancel_requested: number;
  runner_started: string | null;
}

/** What the shared state says of one batch: waiting its turn, run by a live process, or neither. */
export type ClaimState = 'queued' | 'running' | undefined;

/**
 * The queue and the running claim of a data folder's batches, shared by every process serving it
 * (`serve --workers N`, the app beside a server). A row exists only while its batch is queued or
 * running; the batch's folder keeps its settings, journal and final state.
 *
 * Why a SQLite file: the processes share nothing but the folder, and Node has no flock. An
 * IMMEDIATE transaction is the server-wide lock under which a process claims the next batch;
 * the claim names its pid (and the process's start, where the system tells it) and is renewed every
 * HEARTBEAT_MS, so a claim whose process died (SIGKILL, crash) is seen dead at once
 * (isProcessAlive), its batch interrupted and resumable.
 */
export class BatchClaims {
  private readonly db: SqliteDatabase;
  /** Batches this BatchJobs claimed and still runs: its own claims are live while listed here. */
  private readonly active = new Set<string>();
  /** processStartOf(pid), recorded with each claim. */
  private readonly started: string | undefined;

  /** `token`: this BatchJobs' claims; `pid`: the process they die with. */
  constructor(
    dir: string,
    readonly token: string,
    readonly pid: number,
  ) {
    this.started = processStartOf(pid);
    this.db = openSharedSqliteFile(path.join(dir, BATCH_CLAIMS_FILE), {
      busyTimeoutMs: 10_000,
      setUp: (db) => migrateByUserVersion(db, MIGRATIONS, { fileName: 'The batches database', apply: (sql) => db.exec(sql) }),
    });
  }

  close(): void {
    this.db.close();
  }

  /** Runs `work` holding the server-wide write lock (BEGIN IMMEDIATE). */
  locked<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  private isLive(row: ClaimRow): boolean {
    if (row.state !== 'running') return false;
    if (row.runner_token === this.token) return this.active.has(row.id);
    return row.runner_pid !== null && isProcessAlive(row.runner_pid, row.runner_started ?? undefined) && Date.now() - (row.heartbeat_at ?? 0) < STALE_MS;
  }

  /** Queued, running in a live process, or neither (finished, or its runner died). */
  private claimStateOf(row: ClaimRow): ClaimState {
    return row.state === 'queued' || this.isLive(row) ? row.state : undefined;
  }

  private row(id: string): ClaimRow | undefined {
    return this.db.prepare('SELECT * FROM batch_runs WHERE id = ?').get(id) as ClaimRow | undefined;
  }

  /** Queued, running in a live process, or neither (finished, or its runner died). */
  stateOf(id: string): ClaimState {
    const row = this.row(id);
    return row && this.claimStateOf(row);
  }

  /** stateOf for every batch at once (a list). */
  states(): Map<string, ClaimState> {
    const rows = this.db.prepare('SELECT * FROM batch_runs').all() as ClaimRow[];
    return new Map(rows.map((row) => [row.id, this.claimStateOf(row)]));
  }

  /** Batches of this owner queued or running in a live process, server-wide. */
  unfinishedOf(owner: string): number {
    const rows = this.db.prepare('SELECT * FROM batch_runs WHERE owner = ?').all(owner) as ClaimRow[];
    return rows.filter((row) => this.claimStateOf(row) !== undefined).length;
  }

  /** Puts a batch at the end of the queue (a dead claim on it is dropped). Call under `locked`. */
  enqueue(id: string, owner: string | undefined): void {
    this.db.prepare('DELETE FROM batch_runs WHERE id = ?').run(id);
    this.db.prepare("INSERT INTO batch_runs (id, owner, state) VALUES (?, ?, 'queued')").run(id, owner ?? null);
  }

  /** Takes a queued batch out of the queue; false when it was not queued. */
  dequeue(id: string): boolean {
    return this.db.prepare("DELETE FROM batch_runs WHERE id = ? AND state = 'queued'").run(id).changes > 0;
  }

  /** Asks the process running this batch to stop it (it reads the flag within HEARTBEAT_MS). */
  requestCancel(id: string): void {
    this.db.prepare("UPDATE batch_runs SET cancel_requested = 1 WHERE id = ? AND state = 'running'").run(id);
  }

  hasQueued(): boolean {
    return this.db.prepare("SELECT 1 FROM batch_runs WHERE state = 'queued' LIMIT 1").get() !== undefined;
  }

  /**
   * Claims the next queued batch for this process, if no live process runs one (one batch at a
   * time, server-wide). Claims of dead processes are dropped: their batches show interrupted.
   */
  claimNext(): string | undefined {
    return this.locked(() => {
      const running = this.db.prepare("SELECT * FROM batch_runs WHERE state = 'running'").all() as ClaimRow[];
      if (running.some((row) => this.isLive(row))) return undefined;
      for (const row of running) this.db.prepare('DELETE FROM batch_runs WHERE id = ?').run(row.id);
      const next = this.db.prepare("SELECT id FROM batch_runs WHERE state = 'queued' ORDER BY seq LIMIT 1").get() as { id: string } | undefined;
      if (!next) return undefined;
      this.db
        .prepare(
          "UPDATE batch_runs SET state = 'running', runner_pid = ?, runner_started = ?, runner_token = ?, heartbeat_at = ?, cancel_requested = 0 WHERE id = ?",
        )
        .run(this.pid, this.started ?? null, this.token, Date.now(), next.id);
      this.active.add(next.id);
      return next.id;
    });
  }

  /**
   * Renews this process's claim on a batch: 'keep' running, 'cancel' asked from elsewhere, or
   * 'lost' (another process judged this one dead and took the batch over: stop, write nothing).
   */
  renew(id: string): 'keep' | 'cancel' | 'lost' {
    const changed = this.db.prepare('UPDATE batch_runs SET heartbeat_at = ? WHERE id = ? AND runner_token = ?').run(Date.now(), id, this.token).changes;
    if (changed === 0) return 'lost';
    return this.row(id)?.cancel_requested ? 'cancel' : 'keep';
  }

  /** Ends this process's claim (under `locked`); false when it had been lost. */
  release(id: string): boolean {
    this.active.delete(id);
    return this.db.prepare('DELETE FROM batch_runs WHERE id = ? AND runner_token = ?').run(id, this.token).changes > 0;
  }
}
