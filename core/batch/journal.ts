import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isRetryableFailure, type BatchColumns, type BatchRowResult } from '../model/index.js';

interface JournalHeader {
  kind: 'catastro-batch-journal';
  /** Fingerprint of the input and the columns: a journal of another batch is never resumed. */
  fingerprint: string;
  columns: BatchColumns;
}

/**
 * The progress of a batch, one JSON line per answered row, appended as each row ends so an
 * interrupted batch (crash, Ctrl-C, closed app) resumes where it stopped. Rows found or not
 * found, and rows refused for good (malformed, no coverage), are final; rows that failed because
 * a source was down are asked again on resume.
 */
export class BatchJournal {
  private constructor(
    readonly file: string,
    private readonly answered: Map<number, BatchRowResult>,
  ) {}

  /** Opens the journal of this batch, resuming it when its fingerprint matches, else starting anew. */
  static open(file: string, fingerprint: string, columns: BatchColumns): BatchJournal {
    const answered = new Map<number, BatchRowResult>();
    if (existsSync(file)) {
      const [first, ...lines] = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '');
      const header = safeParse(first) as JournalHeader | undefined;
      if (header?.kind === 'catastro-batch-journal' && header.fingerprint === fingerprint) {
        for (const line of lines) {
          // A line cut by a crash mid-write is simply not answered yet.
          const result = safeParse(line) as BatchRowResult | undefined;
          if (result && typeof result.row === 'number') answered.set(result.row, result);
        }
        return new BatchJournal(file, answered);
      }
    }
    const header: JournalHeader = { kind: 'catastro-batch-journal', fingerprint, columns };
    writeFileSync(file, `${JSON.stringify(header)}\n`);
    return new BatchJournal(file, answered);
  }

  /** Every answer recorded in a journal file, whatever its fingerprint (for reading a finished batch). */
  static readAll(file: string): BatchRowResult[] {
    const [, ...lines] = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const answered = new Map<number, BatchRowResult>();
    for (const line of lines) {
      const result = safeParse(line) as BatchRowResult | undefined;
      if (result && typeof result.row === 'number') answered.set(result.row, result);
    }
    return [...answered.values()].sort((a, b) => a.row - b.row);
  }

  /** Rows answered for good in an earlier run: all but those whose failure is worth a retry. */
  finalRows(): BatchRowResult[] {
    return [...this.answered.values()].filter((r) => !isRetryableFailure(r));
  }

  record(result: BatchRowResult): void {
    appendFileSync(this.file, `${JSON.stringify(result)}\n`);
    this.answered.set(result.row, result);
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}

export function safeParse(line: string | undefined): unknown {
  if (!line) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
