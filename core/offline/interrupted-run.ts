import { existsSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ServiceError, type OfflineDownloadResult, type OfflineRunRecord } from '../model/index.js';
import { discardDownload } from '../upstream/file-download.js';
import { claimDownloads, downloadRunningIn } from './downloads-owner.js';

/**
 * The one record of a download or update run in `<data>/downloads`, for the app
 * (OfflineAreasService) and the command line (`catastro download`, `catastro areas update`) alike:
 * whichever ran it, the app offers a run cut short to resume or discard, and the same command
 * run again resumes it and clears the record.
 */
const RECORD_FILE = 'interrupted-run.json';

/** What a run asked for: a download's choice or an update's area ids. */
export type RunAsked = Pick<OfflineRunRecord, 'choice' | 'areaIds'>;

/** Only plain names inside the folder: a hand-edited record cannot make Discard delete elsewhere. */
const isPlainName = (name: unknown): name is string =>
  typeof name === 'string' && name !== '' && name !== '.' && name !== '..' && path.basename(name) === name && !name.includes('\\');

/** The record a run left, if any (its choice is the caller's to check: it knows the rules). */
export function readRunRecord(dir: string): OfflineRunRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(path.join(dir, RECORD_FILE), 'utf8')) as Partial<OfflineRunRecord>;
    const files = Array.isArray(record.files) ? record.files.filter(isPlainName) : [];
    return {
      ...(record.choice !== undefined && { choice: record.choice }),
      ...(record.areaIds !== undefined && { areaIds: record.areaIds }),
      startedAt: String(record.startedAt),
      files,
    };
  } catch {
    return undefined;
  }
}

/** A record no live run is writing: the run was cut short (a live one is running, not interrupted). */
export function interruptedRunRecord(dir: string): OfflineRunRecord | undefined {
  return downloadRunningIn(dir) ? undefined : readRunRecord(dir);
}

/** Bytes on disk of the run's files, finished or partial. */
export function bytesOfRun(dir: string, record: OfflineRunRecord): number {
  const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);
  return record.files.reduce((sum, name) => sum + sizeOf(path.join(dir, name)) + sizeOf(path.join(dir, `${name}.part`)), 0);
}

/** A choice the service refuses (bad, unknown, or a foral territory outside its coverage): nothing to resume. */
const isRefusal = (error: unknown) =>
  error instanceof ServiceError && (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND' || error.code === 'CNV_COVERAGE');

/**
 * Runs a download or update as the folder's recorded run: claims the folder (refused while a live
 * run holds it), writes the record, adds each file the run begins to fetch (`noteFile`), and
 * removes the record when the run finished or was refused, or when it ended with no byte on disk
 * (its feeds could not be read, or it stopped before a first byte: nothing to resume, and its
 * error says what failed); a run cancelled or failed with bytes kept, or killed, leaves it.
 */
export async function recordedRun<T extends Pick<OfflineDownloadResult, 'cancelled'>>(
  dir: string,
  asked: RunAsked,
  signal: AbortSignal,
  work: (noteFile: (name: string) => void) => Promise<T>,
): Promise<T> {
  const claim = await claimDownloads(dir);
  const recordFile = path.join(dir, RECORD_FILE);
  // A new run replaces the interrupted one's record: its files stay listed, for Discard to find.
  const record: OfflineRunRecord = { ...asked, startedAt: new Date().toISOString(), files: readRunRecord(dir)?.files ?? [] };
  const write = () => writeFileSync(recordFile, JSON.stringify(record));
  let finished = false;
  try {
    write();
    const result = await work((name) => {
      if (!isPlainName(name) || record.files.includes(name)) return;
      record.files.push(name);
      write();
    });
    finished = !result.cancelled;
    return result;
  } catch (error) {
    finished = isRefusal(error) && !signal.aborted;
    throw error;
  } finally {
    // Nothing kept on disk (stopped or failed before a first byte): nothing to resume, no "0 MB" entry.
    const nothingKept = bytesOfRun(dir, record) === 0;
    if (nothingKept && !finished) for (const name of record.files) discardDownload(path.join(dir, name));
    if (finished || nothingKept) rmSync(recordFile, { force: true });
    claim.release();
  }
}

/**
 * Deletes what the interrupted run fetched (its files, their `.part` and transfer records) and its
 * record, and nothing else of the folder; the folder goes too when that leaves it empty. Refused
 * while a live run holds the folder: the claim is held while deleting, so none starts meanwhile.
 */
export async function discardRun(dir: string): Promise<{ bytes: number }> {
  if (!existsSync(dir)) return { bytes: 0 };
  const claim = await claimDownloads(dir);
  let bytes = 0;
  try {
    const record = readRunRecord(dir);
    if (record) {
      bytes = bytesOfRun(dir, record);
      for (const name of record.files) discardDownload(path.join(dir, name));
    }
    rmSync(path.join(dir, RECORD_FILE), { force: true });
  } finally {
    claim.release();
  }
  try {
    rmdirSync(dir);
  } catch {
    // Other files are there (another download's, or the user's): the folder stays with them.
  }
  return { bytes };
}
