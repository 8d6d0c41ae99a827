import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeTable } from '../export/write-table.js';
import { optionalCountry } from '../input.js';
import {
  ServiceError, isServiceError, notFound, validationError,
  type BatchColumns, type BatchCounts, type BatchPreview, type BatchRowResult, type BatchState, type FeatureFormat,
} from '../model/index.js';
import { batchTable } from './batch-table.js';
import { journalPathOf, runBatchFile } from './batch-file.js';
import { detectColumns } from './detect-columns.js';
import { BatchJournal } from './journal.js';
import { readCsv } from './read-csv.js';
import type { FindParcel } from './run-batch.js';

const INPUT = 'input.csv';
const META = 'batch.json';
/** The canonical output a job writes; other formats are built from its journal on demand. */
const OUTPUT = 'result.csv';
const MAX_PROBLEMS = 500;
const ID = /^[0-9a-f-]{36}$/;
/**
 * Batches one client of the served API may have queued or running at once. One runs at a time,
 * so more would only wait (and hold every other client's batches back), and each keeps its CSV
 * on disk. The app's own user has no bound: the machine is theirs.
 */
export const MAX_UNFINISHED_BATCHES_PER_CLIENT = 3;

interface BatchMeta {
  id: string;
  name: string;
  columns: BatchColumns;
  country?: string;
  total: number;
  startedAt: string;
  finishedAt?: string;
  state: BatchState['state'];
  /** Who started it over the HTTP API (batchOwnerOf); none for the app's own user. */
  owner?: string;
}

function emptyCounts(total: number): BatchCounts {
  return { total, done: 0, found: 0, notFound: 0, failed: 0 };
}

function problemsOf(results: BatchRowResult[]): BatchState['problems'] {
  return results.filter((r) => r.status !== 'found').slice(0, MAX_PROBLEMS)
    .map(({ row, input, status, code, reason }) => ({ row, input, status, code, reason }));
}

/**
 * The app's batches: each in its own folder under the data folder (the CSV as dropped, its
 * settings, the journal of answers), so a batch cut short by closing the app is listed as
 * interrupted at the next start and resumes where it stopped. One batch runs at a time per
 * process, the others wait their turn in the order they were started or resumed (`queued`); live
 * sources are paced by the upstream client.
 *
 * `owner`: on a served API several clients share one installation; a batch holds its client's
 * own list (their references, addresses), so each caller sees and fetches only the batches it
 * started, and another's answers 404 like one that does not exist. No owner (the app's own
 * user, `--auth off`) sees every batch.
 */
export class BatchJobs {
  private readonly running = new Map<string, { meta: BatchMeta; controller: AbortController; counts: BatchCounts; problems: BatchRowResult[] }>();
  /** Started or resumed while another ran: they run next, first come first. */
  private readonly queue: BatchMeta[] = [];

  constructor(private readonly dir: string, private readonly find: FindParcel) {}

  preview(csv: unknown, columns?: BatchColumns): BatchPreview {
    if (typeof csv !== 'string') throw validationError('The batch needs the CSV text.');
    const table = readCsv(csv);
    const preview: BatchPreview = { header: table.header, rows: table.rows.length, sample: table.rows.slice(0, 5) };
    try {
      preview.columns = detectColumns(table.header, columns);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      preview.problem = error.message;
    }
    return preview;
  }

  start(input: { csv: unknown; name?: unknown; columns?: BatchColumns; country?: string }, owner?: string): BatchState {
    const preview = this.preview(input.csv, input.columns);
    if (!preview.columns) throw validationError(preview.problem ?? 'Name the reference column, or the latitude and longitude columns.');
    this.checkUnfinishedBound(owner);
    // Checked once here: a bad default country would otherwise fail every row after a 202.
    const country = optionalCountry(input.country);
    const id = randomUUID();
    const folder = path.join(this.dir, id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, INPUT), input.csv as string);
    const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 120) : 'batch.csv';
    const meta: BatchMeta = { id, name, columns: preview.columns, country, total: preview.rows, startedAt: new Date().toISOString(), state: 'running', owner };
    this.writeMeta(meta);
    this.enqueue(meta);
    return this.state(id);
  }

  resume(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
    if (this.isUnfinished(meta.id) || meta.state === 'done') return this.state(meta.id);
    this.checkUnfinishedBound(owner);
    meta.state = 'running';
    delete meta.finishedAt;
    this.writeMeta(meta);
    this.enqueue(meta);
    return this.state(meta.id);
  }

  cancel(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
    const waiting = this.queue.findIndex((m) => m.id === meta.id);
    if (waiting >= 0) {
      const [queued] = this.queue.splice(waiting, 1);
      this.finish(queued, 'cancelled');
    }
    this.running.get(meta.id)?.controller.abort();
    return this.state(meta.id);
  }

  state(id: unknown, owner?: string): BatchState {
    return this.stateOf(this.readMeta(id, owner));
  }

  private stateOf(meta: BatchMeta): BatchState {
    const live = this.running.get(meta.id);
    if (live) {
      return { id: meta.id, name: meta.name, state: 'running', columns: meta.columns, counts: { ...live.counts }, problems: problemsOf(live.problems), startedAt: meta.startedAt };
    }
    const results = this.results(meta);
    const counts = emptyCounts(meta.total);
    for (const r of results) {
      counts.done++;
      if (r.status === 'found') counts.found++; else if (r.status === 'not_found') counts.notFound++; else counts.failed++;
    }
    // A batch the file says is running but no one runs or queues was cut short (the app closed).
    const state = this.isQueued(meta.id) ? 'queued' : meta.state === 'running' ? 'interrupted' : meta.state;
    return { id: meta.id, name: meta.name, state, columns: meta.columns, counts, problems: problemsOf(results), startedAt: meta.startedAt, finishedAt: meta.finishedAt };
  }

  list(owner?: string): BatchState[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir).filter((id) => ID.test(id) && existsSync(path.join(this.dir, id, META)))
      .map((id) => this.readMeta(id))
      .filter((meta) => owner === undefined || meta.owner === owner)
      .map((meta) => this.stateOf(meta))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  /** The answers so far as a file: every row in CSV/GeoJSON/GeoPackage, the parcels found in KML. */
  result(id: unknown, format: FeatureFormat, owner?: string): { bytes: Buffer; fileName: string; found: number } {
    const meta = this.readMeta(id, owner);
    const results = this.results(meta);
    const header = readCsv(readFileSync(path.join(this.dir, meta.id, INPUT), 'utf8')).header;
    const base = path.basename(meta.name, path.extname(meta.name)).replace(/[^\p{L}\p{N}_-]+/gu, '_') || 'batch';
    return {
      bytes: writeTable(batchTable(results, header, base), format),
      fileName: `${base}-result.${format}`,
      found: results.filter((r) => r.status === 'found').length,
    };
  }

  private isQueued(id: string): boolean {
    return this.queue.some((m) => m.id === id);
  }

  private isUnfinished(id: string): boolean {
    return this.running.has(id) || this.isQueued(id);
  }

  private checkUnfinishedBound(owner: string | undefined): void {
    if (owner === undefined) return;
    const unfinished = [...[...this.running.values()].map((r) => r.meta), ...this.queue].filter((m) => m.owner === owner).length;
    if (unfinished >= MAX_UNFINISHED_BATCHES_PER_CLIENT) {
      throw new ServiceError('RATE_LIMIT_EXCEEDED', `${unfinished} batches of this client are queued or running (at most ${MAX_UNFINISHED_BATCHES_PER_CLIENT}): wait for one to end, or stop one with POST /api/batch/{id}/cancel.`, {
        maxUnfinishedBatches: MAX_UNFINISHED_BATCHES_PER_CLIENT,
      });
    }
  }

  private enqueue(meta: BatchMeta): void {
    this.queue.push(meta);
    this.runNext();
  }

  private runNext(): void {
    if (this.running.size > 0) return;
    const next = this.queue.shift();
    if (next) this.run(next);
  }

  private finish(meta: BatchMeta, state: BatchState['state']): void {
    meta.state = state;
    meta.finishedAt = new Date().toISOString();
    this.writeMeta(meta);
  }

  private run(meta: BatchMeta): void {
    const controller = new AbortController();
    const entry = { meta, controller, counts: emptyCounts(meta.total), problems: [] as BatchRowResult[] };
    this.running.set(meta.id, entry);
    const folder = path.join(this.dir, meta.id);
    void runBatchFile({
      input: path.join(folder, INPUT),
      output: path.join(folder, OUTPUT),
      columns: meta.columns,
      defaultCountry: meta.country,
      find: this.find,
      signal: controller.signal,
      keepJournal: true,
      onStart: () => { entry.problems = this.results(meta).filter((r) => r.status !== 'found'); },
      onProgress: (counts, last) => {
        entry.counts = counts;
        if (last && last.status !== 'found' && entry.problems.length < MAX_PROBLEMS) entry.problems.push(last);
      },
    }).then((outcome) => outcome.complete ? 'done' as const : 'cancelled' as const, () => 'interrupted' as const).then((state) => {
      try {
        this.finish(meta, state);
      } finally {
        this.running.delete(meta.id);
        this.runNext();
      }
    }).catch((error: unknown) => {
      // Only the state file could not be written (disk full): the answers are in the journal, and
      // the batch shows as interrupted, resumable. Nothing to answer here; a rejection would end the process.
      console.error(`Batch ${meta.id}: its state could not be saved (${(error as Error).message}).`);
    });
  }

  private results(meta: BatchMeta): BatchRowResult[] {
    const file = journalPathOf(path.join(this.dir, meta.id, OUTPUT));
    return existsSync(file) ? BatchJournal.readAll(file) : [];
  }

  private readMeta(id: unknown, owner?: string): BatchMeta {
    if (typeof id !== 'string' || !ID.test(id)) throw validationError('A batch id is the one its start answered.');
    const file = path.join(this.dir, id, META);
    if (!existsSync(file)) throw notFound(`No batch ${id}.`);
    const meta = JSON.parse(readFileSync(file, 'utf8')) as BatchMeta;
    if (owner !== undefined && meta.owner !== owner) throw notFound(`No batch ${id}.`);
    return meta;
  }

  private writeMeta(meta: BatchMeta): void {
    writeFileSync(path.join(this.dir, meta.id, META), JSON.stringify(meta));
  }
}
