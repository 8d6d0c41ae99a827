import { existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startCoreWorker } from '../core-worker.js';
import type { OutputLanguage } from '../model/index.js';
import type { ResultFileJob } from './result-file.js';

/** Written files carry it in their names: a new writer (another layout of a format) writes them afresh. */
const WRITER_VERSION = 3;

/** Where a batch's result of `format` in `language` lies for a journal of `journalBytes` bytes, under the batch's folder. */
export function resultFilePath(folder: string, format: string, language: OutputLanguage, journalBytes: number): string {
  return path.join(folder, 'results', `v${WRITER_VERSION}-${language}-${journalBytes}.${format}`);
}

function writeInWorker(job: ResultFileJob): Promise<void> {
  const worker = startCoreWorker('batch/result-file-worker', { workerData: job });
  return new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { found?: number; error?: string }) => {
      if (message.error !== undefined) reject(new Error(`The result file could not be written: ${message.error}`));
      else resolve();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The result file's writer stopped (exit code ${code}).`)));
  }).finally(() => {
    void worker.terminate();
  });
}

/** Files of the same format written for a shorter journal (the batch went on since), in any language: not asked for again. */
function removeOlder(job: ResultFileJob): void {
  const folder = path.dirname(job.file);
  for (const name of readdirSync(folder)) {
    const written = /^v\d+-(?:[a-z]{2}-)?(\d+)\.(\w+)$/.exec(name);
    if (!written || written[2] !== job.format || Number(written[1]) >= job.journalBytes) continue;
    // One being sent to a client cannot be removed on Windows: it goes the next time.
    try {
      rmSync(path.join(folder, name), { force: true });
    } catch {
      /* kept for now */
    }
  }
}

/**
 * Batch result files, each written once per state of its batch's journal, in a worker thread
 * and one at a time per process: the serving thread only hands the job over and then streams
 * the file. Requests for a file being written wait for that same writing.
 */
export class ResultFiles {
  private readonly writing = new Map<string, Promise<void>>();
  private queue: Promise<unknown> = Promise.resolve();

  write(job: ResultFileJob): Promise<void> {
    if (existsSync(job.file)) return Promise.resolve();
    let pending = this.writing.get(job.file);
    if (!pending) {
      pending = this.queue
        .then(async () => {
          // Another process serving the folder (serve --workers) may have written it meanwhile.
          if (existsSync(job.file)) return;
          await mkdir(path.dirname(job.file), { recursive: true });
          await writeInWorker(job);
          removeOlder(job);
        })
        .finally(() => this.writing.delete(job.file));
      this.queue = pending.catch(() => undefined);
      this.writing.set(job.file, pending);
    }
    return pending;
  }
}
