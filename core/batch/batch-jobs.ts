import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { optionalCountry } from '../input.js';
import {
  ServiceError,
  emptyCounts,
  isServiceError,
  notFound,
  requireOutputLanguage,
  validationError,
  type BatchColumns,
  type BatchCounts,
  type BatchPreview,
  type BatchState,
  type FeatureFormat,
} from '../model/index.js';
import { BatchClaims, HEARTBEAT_MS, type ClaimState } from './batch-claims.js';
import { journalPathOf, runBatchFile } from './batch-file.js';
import { detectColumns, SAMPLE_ROWS } from './detect-columns.js';
import { JournalSummaries, MAX_PROBLEMS, problemOf } from './journal-summary.js';
import { summariseCsvText } from './read-csv.js';
import { ResultFiles, resultFilePath } from './result-files.js';
import { installedCountries } from '../countries/registry.js';
import type { ResultFileJob } from './result-file.js';
import type { ChargeRow, FindParcel } from './run-batch.js';

/**
 * Charges the caller who started a batch over the HTTP API (batchOwnerOf: a key, or a free-tier
 * address) one unit for a row an official source answers, as the single lookup is charged: the
 * access layer's own quota (core/api/plugins/batch-meter.ts).
 */
export interface BatchMeter {
  /** One unit for `owner` if it fits; resolves with its refund, or throws the refusal (429 codes, a key no longer valid). */
  chargeRow(owner: string): Promise<() => Promise<void>>;
}

const INPUT = 'input.csv';
const META = 'batch.json';
/** The journal is `${OUTPUT}.journal` (batch-file.ts); the result files are written on request (result-files.ts). */
const OUTPUT = 'result.csv';
const ID = /^[0-9a-f-]{36}$/;
/**
 * Batches one client of the served API may have queued or running at once, server-wide. One runs at a time,
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
  /** When its run ended in this process: the parcels found not yet charged and the journal's length then (a result's price without reading it). */
  ended?: { found: number; journalBytes: number };
}

/**
 * A batch's result file as asked: what it costs (one unit per parcel found in it) and where it
 * lies once written. `written` false: nothing has been built yet, so a caller that cannot pay is
 * refused before any work.
 */
export interface BatchResultFile {
  fileName: string;
  found: number;
  path: string;
  written: boolean;
  job: ResultFileJob;
}

function problemsOf(results: BatchState['problems']): BatchState['problems'] {
  return results
    .filter((r) => r.status !== 'found')
    .slice(0, MAX_PROBLEMS)
    .map(problemOf);
}

/**
 * The app's batches: each in its own folder under the data folder (the CSV as dropped, its
 * settings, the journal of answers), so a batch cut short by closing the app is listed as
 * interrupted at the next start and resumes where it stopped. One batch runs at a time per
 * data folder, the others wait their turn in the order they were started or resumed (`queued`);
 * live sources are paced by the upstream client.
 *
 * Several processes may serve one folder (`serve --workers N`, the app beside a server): the
 * queue, the running claim and a cancel asked of a running batch are shared through BatchClaims
 * (a small SQLite file), the counts of a batch another process runs are read from its journal,
 * and whichever process is free (when its own batch ends, or on its periodic check) starts the
 * next queued batch. A batch whose process died shows interrupted and resumes once.
 *
 * `owner`: on a served API several clients share one installation; a batch holds its client's
 * own list (their references, addresses), so each caller sees and fetches only the batches it
 * started, and another's answers 404 like one that does not exist. No owner (the app's own
 * user, `--auth off`) sees every batch.
 */
export class BatchJobs {
  /** The batch this process runs (at most one), with its live counts. */
  private readonly running = new Map<
    string,
    { meta: BatchMeta; controller: AbortController; counts: BatchCounts; problems: BatchState['problems']; lost: boolean }
  >();
  private sharedClaims?: BatchClaims;
  /** Counts and problems of the journals this process was asked about, read as they grow. */
  private readonly summaries = new JournalSummaries();
  private readonly resultFiles = new ResultFiles();
  private timer?: NodeJS.Timeout;
  private meter?: BatchMeter;

  /**
   * `options.pid`: the process this one's claims die with (tests stand in for other processes,
   * live or dead, in one test process).
   */
  constructor(
    private readonly dir: string,
    private readonly find: FindParcel,
    private readonly options: { pid?: number } = {},
  ) {}

  /** The served API's charging of batch rows (set by the server, cleared when it closes). */
  useMeter(meter: BatchMeter | undefined): void {
    this.meter = meter;
  }

  /**
   * What a batch's rows cost its owner: nothing for the app's own user. An owned batch run where
   * no API is served (the app beside a server on one folder) charges nobody, so its live rows
   * fail, retryable, instead of asking the sources for free.
   */
  private chargeOf(owner: string | undefined): ChargeRow | undefined {
    if (owner === undefined) return undefined;
    return async () => {
      if (!this.meter)
        throw new ServiceError(
          'SERVICE_UNAVAILABLE',
          'This batch was started with an API key and its lookups by the official sources are charged to it; this process serves no API to charge them: resume it where the API is served.',
        );
      return this.meter.chargeRow(owner);
    };
  }

  /** Opened on first use, so a command that never batches makes no file. */
  private get claims(): BatchClaims {
    if (!this.sharedClaims) {
      this.sharedClaims = new BatchClaims(this.dir, randomUUID(), this.options.pid ?? process.pid);
      // Unref'd: the heartbeat and queue check never keep a process alive by themselves.
      this.timer = setInterval(() => this.tick(), HEARTBEAT_MS).unref();
    }
    return this.sharedClaims;
  }

  /** Stops the periodic check and closes the shared state (a batch still running ends interrupted). */
  close(): void {
    clearInterval(this.timer);
    for (const [id, entry] of this.running) {
      // Released now, so other processes see it interrupted at once rather than after STALE_MS.
      this.sharedClaims?.locked(() => this.sharedClaims!.release(id));
      entry.lost = true;
      entry.controller.abort();
    }
    this.sharedClaims?.close();
    this.sharedClaims = undefined;
  }

  /**
   * Every HEARTBEAT_MS: renews this process's claim, stops its batch when another process asked
   * (cancel) or took it over, and starts the next queued batch when the server is idle (the
   * process that ran the last one may have died).
   */
  private tick(): void {
    try {
      for (const [id, entry] of this.running) {
        const verdict = this.claims.renew(id);
        if (verdict === 'keep') continue;
        entry.lost = verdict === 'lost';
        entry.controller.abort();
      }
      this.runNext();
    } catch (error) {
      // The shared file busy past its timeout: the next tick tries again; a throw would end the process.
      console.error(`Batches: the shared state could not be read (${(error as Error).message}).`);
    }
  }

  /** The CSV's columns, read as it streams (core/batch/read-csv.ts): only the rows the detection looks at are kept. */
  async preview(csv: unknown, columns?: BatchColumns): Promise<BatchPreview> {
    if (typeof csv !== 'string') throw validationError('The batch needs the CSV text.');
    const table = await summariseCsvText(csv, SAMPLE_ROWS);
    const preview: BatchPreview = { header: table.header, rows: table.rowCount, sample: table.rows.slice(0, 5) };
    try {
      preview.columns = detectColumns(table.header, columns, table.rows);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      preview.problem = error.message;
    }
    return preview;
  }

  async start(input: { csv: unknown; name?: unknown; columns?: BatchColumns; country?: string }, owner?: string): Promise<BatchState> {
    // Before the CSV is read: a client at its bound is refused at once (checked again under the lock).
    this.checkUnfinishedBound(owner);
    const preview = await this.preview(input.csv, input.columns);
    if (!preview.columns) throw validationError(preview.problem ?? 'Name the reference column, or the latitude and longitude columns.');
    // Checked once here: a bad default country would otherwise fail every row after a 202.
    const country = optionalCountry(input.country);
    const id = randomUUID();
    const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 120) : 'batch.csv';
    const folder = path.join(this.dir, id);
    // Written before the lock is taken, without holding the event loop; a folder without its
    // batch.json is no batch, listed by nobody.
    mkdirSync(folder, { recursive: true });
    try {
      await writeFile(path.join(folder, INPUT), input.csv as string);
      // Under the shared lock: two processes starting a client's batches at once count each other's.
      this.claims.locked(() => {
        this.checkUnfinishedBound(owner);
        this.writeMeta({ id, name, columns: preview.columns!, country, total: preview.rows, startedAt: new Date().toISOString(), state: 'running', owner });
        this.claims.enqueue(id, owner);
      });
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
    this.runNext();
    return this.state(id);
  }

  /** Queues an interrupted or cancelled batch again; one queued or running (in any live process) is left as it is. */
  resume(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
    if (meta.state === 'done') return this.state(meta.id);
    const queued = this.claims.locked(() => {
      if (this.claims.stateOf(meta.id)) return false;
      this.checkUnfinishedBound(owner);
      meta.state = 'running';
      delete meta.finishedAt;
      delete meta.ended;
      this.writeMeta(meta);
      this.claims.enqueue(meta.id, meta.owner);
      return true;
    });
    if (queued) this.runNext();
    return this.state(meta.id);
  }

  /** A queued batch is cancelled at once; a running one stops after its rows in flight, whichever process runs it. */
  cancel(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
    this.claims.locked(() => {
      if (this.claims.dequeue(meta.id)) this.finish(meta, 'cancelled');
      else this.claims.requestCancel(meta.id);
    });
    this.running.get(meta.id)?.controller.abort();
    return this.state(meta.id);
  }

  state(id: unknown, owner?: string): BatchState {
    const meta = this.readMeta(id, owner);
    return this.stateOf(meta, this.claims.stateOf(meta.id));
  }

  /**
   * Reads the journal of a batch this process does not run, in steps off the event loop's long
   * turns (journal-summary.ts), before its state, list entry or result price is asked: those
   * then read only what was appended since.
   */
  async catchUp(id: unknown, owner?: string): Promise<void> {
    const meta = this.readMeta(id, owner);
    if (!this.running.has(meta.id)) await this.summaries.catchUp(this.journalFileOf(meta));
  }

  /** catchUp for every batch `owner` lists. */
  async catchUpAll(owner?: string): Promise<void> {
    if (!existsSync(this.dir)) return;
    for (const id of readdirSync(this.dir).filter((id) => ID.test(id) && existsSync(path.join(this.dir, id, META)))) {
      const meta = this.readMeta(id);
      if (owner === undefined || meta.owner === owner) await this.catchUp(meta.id);
    }
  }

  /** `claim`: what the shared state says (queued, running in a live process, or neither). */
  private stateOf(meta: BatchMeta, claim: ClaimState): BatchState {
    const live = this.running.get(meta.id);
    if (live) {
      return {
        id: meta.id,
        name: meta.name,
        state: 'running',
        columns: meta.columns,
        counts: { ...live.counts },
        problems: problemsOf(live.problems),
        startedAt: meta.startedAt,
      };
    }
    const { counts, problems } = this.summaries.summaryOf(this.journalFileOf(meta), meta.total);
    // Running in another process: its counts are those of the journal it appends to. A batch the
    // file says is running but no live process runs or queues was cut short (app closed, crash).
    const state = claim ?? (meta.state === 'running' ? 'interrupted' : meta.state);
    return { id: meta.id, name: meta.name, state, columns: meta.columns, counts, problems, startedAt: meta.startedAt, finishedAt: meta.finishedAt };
  }

  list(owner?: string): BatchState[] {
    if (!existsSync(this.dir)) return [];
    const claims = this.claims.states();
    return readdirSync(this.dir)
      .filter((id) => ID.test(id) && existsSync(path.join(this.dir, id, META)))
      .map((id) => this.readMeta(id))
      .filter((meta) => owner === undefined || meta.owner === owner)
      .map((meta) => this.stateOf(meta, claims.get(meta.id)))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  /**
   * The answers so far as a file (every row in CSV/GeoJSON/GeoPackage, the parcels found in KML):
   * its price and where it lies, without writing or reading it. The answers are those the journal
   * holds now; later ones go into a later file.
   */
  resultFile(id: unknown, format: FeatureFormat, owner?: string, language?: unknown): BatchResultFile {
    const outputLanguage = requireOutputLanguage(language);
    const meta = this.readMeta(id, owner);
    const folder = path.join(this.dir, meta.id);
    const journal = this.journalFileOf(meta);
    const { found, journalBytes } = this.answeredSoFar(meta, journal);
    const base = path.basename(meta.name, path.extname(meta.name)).replace(/[^\p{L}\p{N}_-]+/gu, '_') || 'batch';
    const file = resultFilePath(folder, format, outputLanguage, journalBytes);
    return {
      fileName: `${base}-result.${format}`,
      found,
      path: file,
      written: existsSync(file),
      job: {
        input: path.join(folder, INPUT),
        journal,
        journalBytes,
        name: base,
        format,
        language: outputLanguage,
        file,
        rusticCountries: installedCountries().offering('rusticParcel'),
      },
    };
  }

  /** Writes the file (once, in a worker thread; see result-files.ts) unless it is there. */
  async writeResult(file: BatchResultFile): Promise<void> {
    if (!file.written) await this.resultFiles.write(file.job);
  }

  /** resultFile and writeResult in one (the desktop app, which pays nothing). */
  async result(id: unknown, format: FeatureFormat, owner?: string, language?: unknown): Promise<BatchResultFile> {
    const file = this.resultFile(id, format, owner, language);
    await this.writeResult(file);
    return file;
  }

  /**
   * Parcels found and the journal's length they stand for, read without parsing the journal when
   * this process runs the batch (its live counts match the journal at every turn) or ran it to
   * its end (`ended`); else from the journal's summary, read as it grew.
   */
  private answeredSoFar(meta: BatchMeta, journal: string): { found: number; journalBytes: number } {
    const live = this.running.get(meta.id);
    const size = () => (existsSync(journal) ? statSync(journal).size : 0);
    // Rows found by an official source were charged as they ran (BatchRowResult.charged): not again.
    const priced = (counts: BatchCounts) => counts.found - counts.charged;
    if (live) return { found: priced(live.counts), journalBytes: size() };
    if (meta.ended && meta.ended.journalBytes === size()) return meta.ended;
    const { counts } = this.summaries.summaryOf(journal, meta.total);
    return { found: priced(counts), journalBytes: this.summaries.bytesSummarized(journal) };
  }

  /** Call under claims.locked: the count is server-wide. */
  private checkUnfinishedBound(owner: string | undefined): void {
    if (owner === undefined) return;
    const unfinished = this.claims.unfinishedOf(owner);
    if (unfinished >= MAX_UNFINISHED_BATCHES_PER_CLIENT) {
      throw new ServiceError(
        'RATE_LIMIT_EXCEEDED',
        `${unfinished} batches of this client are queued or running (at most ${MAX_UNFINISHED_BATCHES_PER_CLIENT}): wait for one to end, or stop one with POST /api/batch/{id}/cancel.`,
        {
          maxUnfinishedBatches: MAX_UNFINISHED_BATCHES_PER_CLIENT,
        },
      );
    }
  }

  /** Starts the next queued batch here, unless a live process (this one or another) runs one. */
  private runNext(): void {
    if (this.running.size > 0 || !this.claims.hasQueued()) return;
    const id = this.claims.claimNext();
    if (!id) return;
    try {
      this.run(this.readMeta(id));
    } catch (error) {
      // Its folder removed by hand: give the turn up rather than hold the server's one run.
      this.claims.locked(() => this.claims.release(id));
      throw error;
    }
  }

  private finish(meta: BatchMeta, state: BatchState['state'], ended?: BatchMeta['ended']): void {
    meta.state = state;
    meta.finishedAt = new Date().toISOString();
    if (ended) meta.ended = ended;
    this.writeMeta(meta);
  }

  private run(meta: BatchMeta): void {
    const controller = new AbortController();
    const entry = { meta, controller, counts: emptyCounts(meta.total), problems: [] as BatchState['problems'], lost: false };
    this.running.set(meta.id, entry);
    const folder = path.join(this.dir, meta.id);
    void runBatchFile({
      input: path.join(folder, INPUT),
      output: path.join(folder, OUTPUT),
      columns: meta.columns,
      defaultCountry: meta.country,
      find: this.find,
      charge: this.chargeOf(meta.owner),
      signal: controller.signal,
      keepJournal: true,
      // Its result files are written when asked for, in a worker thread (resultFile).
      writeOutput: false,
      // The journal as the last poll left it (summaries read only what was appended since).
      onStart: () => {
        entry.problems = this.summaries.summaryOf(this.journalFileOf(meta), meta.total).problems;
      },
      onProgress: (counts, last) => {
        entry.counts = counts;
        if (last && last.status !== 'found' && entry.problems.length < MAX_PROBLEMS) entry.problems.push(last);
      },
    })
      .then(
        (outcome) => (outcome.complete ? ('done' as const) : ('cancelled' as const)),
        () => 'interrupted' as const,
      )
      .then((state) => {
        try {
          // A claim lost (this process was judged dead and another took the batch over) is not ours to end.
          if (!entry.lost)
            this.claims.locked(() => {
              if (this.claims.release(meta.id)) this.finish(meta, state, this.answeredSoFar(meta, this.journalFileOf(meta)));
            });
        } finally {
          this.running.delete(meta.id);
          this.runNext();
        }
      })
      .catch((error: unknown) => {
        // Only the state file could not be written (disk full): the answers are in the journal, and
        // the batch shows as interrupted, resumable. Nothing to answer here; a rejection would end the process.
        console.error(`Batch ${meta.id}: its state could not be saved (${(error as Error).message}).`);
      });
  }

  private journalFileOf(meta: BatchMeta): string {
    return journalPathOf(path.join(this.dir, meta.id, OUTPUT));
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
