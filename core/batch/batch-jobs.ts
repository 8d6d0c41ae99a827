import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeTable } from '../export/write-table.js';
import { optionalCountry } from '../input.js';
import {
  isServiceError, notFound, validationError,
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
 * process; live sources are paced by the upstream client.
 *
 * `owner`: on a served API several clients share one installation; a batch holds its client's
 * own list (their references, addresses), so each caller sees and fetches only the batches it
 * started, and another's answers 404 like one that does not exist. No owner (the app's own
 * user, `--auth off`) sees every batch.
 */
export class BatchJobs {
  private readonly running = new Map<string, { controller: AbortController; counts: BatchCounts; problems: BatchRowResult[] }>();

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
    // Checked once here: a bad default country would otherwise fail every row after a 202.
    const country = optionalCountry(input.country);
    const id = randomUUID();
    const folder = path.join(this.dir, id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, INPUT), input.csv as string);
    const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 120) : 'batch.csv';
    const meta: BatchMeta = { id, name, columns: preview.columns, country, total: preview.rows, startedAt: new Date().toISOString(), state: 'running', owner };
    this.writeMeta(meta);
    this.run(meta);
    return this.state(id);
  }

  resume(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
    if (this.running.has(meta.id)) return this.state(meta.id);
    if (meta.state === 'done') return this.state(meta.id);
    meta.state = 'running';
    delete meta.finishedAt;
    this.writeMeta(meta);
    this.run(meta);
    return this.state(meta.id);
  }

  cancel(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
    this.running.get(meta.id)?.controller.abort();
    return this.state(meta.id);
  }

  state(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
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
    // A batch the file says is running but no one runs was cut short (the app closed).
    const state = meta.state === 'running' ? 'interrupted' : meta.state;
    return { id: meta.id, name: meta.name, state, columns: meta.columns, counts, problems: problemsOf(results), startedAt: meta.startedAt, finishedAt: meta.finishedAt };
  }

  list(owner?: string): BatchState[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir).filter((id) => ID.test(id) && existsSync(path.join(this.dir, id, META)))
      .filter((id) => owner === undefined || this.readMeta(id).owner === owner)
      .map((id) => this.state(id))
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

  private run(meta: BatchMeta): void {
    const controller = new AbortController();
    const entry = { controller, counts: emptyCounts(meta.total), problems: [] as BatchRowResult[] };
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
    }).then((outcome) => {
      meta.state = outcome.complete ? 'done' : 'cancelled';
    }, () => {
      meta.state = 'interrupted';
    }).finally(() => {
      meta.finishedAt = new Date().toISOString();
      this.writeMeta(meta);
      this.running.delete(meta.id);
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
