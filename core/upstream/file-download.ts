import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import { fetchSameHost, RedirectRefusedError } from './same-host-fetch.js';

export interface FileDownload {
  url: string;
  /**
   * Where the finished file goes; it is written to `<file>.part` first and renamed when checked.
   * A finished file already there (its import was interrupted) is revalidated, not fetched again.
   */
  file: string;
  /** Size the index announces; a finished file of another size is refused. */
  expectedBytes?: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Bytes on disk so far (resumed bytes included) and the total when known. */
  onBytes?: (bytesOnDisk: number, bytesTotal: number | undefined) => void;
  /** Extra attempts after a cut or failed transfer; each resumes where the last stopped. */
  retries?: number;
  baseDelayMs?: number;
  /** Checks the complete file before it is renamed into place (e.g. a zip's CRCs). */
  verify?: (file: string) => Promise<void>;
  /** The largest file accepted, announced or not (default maxDownloadBytes(): the setting). */
  maxBytes?: number;
}

/**
 * The largest file a download accepts, whatever its feed or server announces: a feed announcing
 * 10 GiB was fetched until the disk filled. The largest files the app downloads (a département's
 * parcels from Etalab, a large municipality's zips from the Catastro) are a few hundred MB; no
 * recording of the feeds' `length` attributes exists here to pin it closer, so the bound keeps a
 * wide margin (about ten times) and is a setting: CATASTRO_MAX_DOWNLOAD_MB.
 */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 4 * 1024 ** 3;
export const MAX_DOWNLOAD_SETTING = 'CATASTRO_MAX_DOWNLOAD_MB';

/** The bound in force: CATASTRO_MAX_DOWNLOAD_MB when it is a positive number, else the default. */
export function maxDownloadBytes(): number {
  const megabytes = Number(process.env[MAX_DOWNLOAD_SETTING]);
  return Number.isFinite(megabytes) && megabytes > 0 ? Math.floor(megabytes * 1024 ** 2) : DEFAULT_MAX_DOWNLOAD_BYTES;
}

/** Left free on the disk after a download: the import that follows writes the copy there too. */
const DISK_RESERVE_BYTES = 256 * 1024 ** 2;

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 ** 2)} MB`;

export interface DownloadOutcome {
  bytes: number;
  /** Bytes that were already on disk from an interrupted earlier attempt or run. */
  resumedFrom: number;
}

class DownloadRefused extends Error {}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/**
 * What the server said of the file when its transfer began, kept beside the bytes in
 * `<file>.download.json`: so a later run resumes only the same file (`If-Range`, RFC 9110
 * §13.1.5, with its strong ETag or else its Last-Modified), and a feed that now announces another
 * size means the publisher replaced it (bytes of two versions would make a damaged file).
 */
interface TransferRecord {
  url: string;
  etag?: string;
  lastModified?: string;
  length?: number;
}

const recordOf = (file: string) => `${file}.download.json`;

function readRecord(file: string): TransferRecord | undefined {
  try {
    return JSON.parse(readFileSync(recordOf(file), 'utf8')) as TransferRecord;
  } catch {
    return undefined;
  }
}

/** Removes a download's file, its `.part` and its record: after its import, or when it is refused. */
export function discardDownload(file: string): void {
  for (const leftover of [file, `${file}.part`, recordOf(file)]) rmSync(leftover, { force: true });
}

/** The validator `If-Range` may carry: a strong ETag (a weak one is not allowed there) or the date. */
const ifRangeOf = (record: TransferRecord | undefined) => (record?.etag && !record.etag.startsWith('W/') ? record.etag : undefined) ?? record?.lastModified;

/** `bytes 100-199/5000` → 5000; `*` or absent → undefined. */
const totalFromContentRange = (header: string | null) => {
  const total = header && /\/(\d+)\s*$/.exec(header)?.[1];
  return total ? Number(total) : undefined;
};

/**
 * Downloads one file, resumable: bytes go to `<file>.part`; a cut transfer is retried with
 * `Range: bytes=<on disk>-` (a server answering 200 instead of 206 restarts it), and a `.part`
 * left by an interrupted run is resumed the same way. The finished file must have the size the
 * index and the server announced and pass `verify` before it replaces `file`; otherwise it is
 * deleted and the download fails with a message naming the file. Hand-written around fetch:
 * no maintained npm downloader resumes with Range and checks sizes (and cockatiel retries).
 */
export async function downloadFile(target: FileDownload, options: DownloadOptions = {}): Promise<DownloadOutcome> {
  const part = `${target.file}.part`;
  // A finished file left by a run whose import was interrupted: checked again like a complete part
  // (one request that costs no body when the server's file is unchanged) instead of fetched anew.
  if (existsSync(target.file) && !existsSync(part)) renameSync(target.file, part);
  forgetAnotherFile(target, part);
  const resumedFrom = sizeOf(part);
  const attempts = retry(
    handleWhen((error) => !(error instanceof DownloadRefused) && !options.signal?.aborted),
    {
      maxAttempts: options.retries ?? 3,
      backoff: new ExponentialBackoff({ initialDelay: options.baseDelayMs ?? 500, maxDelay: 8000 }),
    },
  );
  const total = await attempts.execute(() => transferOnce(target, part, options), options.signal);
  const bytes = sizeOf(part);
  const expected = target.expectedBytes ?? total;
  if (expected !== undefined && bytes !== expected) {
    discardDownload(target.file);
    throw new Error(`${target.url}: received ${bytes} bytes where ${expected} were announced; the file was discarded.`);
  }
  if (options.verify) {
    try {
      await options.verify(part);
    } catch (error) {
      discardDownload(target.file);
      throw new Error(`${target.url}: the downloaded file is damaged (${(error as Error).message}); it was discarded.`);
    }
  }
  renameSync(part, target.file);
  return { bytes, resumedFrom };
}

/** Refuses a file larger than the largest the sources publish (the setting), before a byte of it is written. */
function refuseOversized(target: FileDownload, bytes: number, max: number, announcer: string): void {
  if (bytes <= max) return;
  throw new DownloadRefused(
    `${target.url}: ${announcer} announces ${megabytes(bytes)}, more than the largest file the service publishes (${megabytes(max)}, setting ${MAX_DOWNLOAD_SETTING}); it was not fetched.`,
  );
}

/** Refuses a transfer the disk of the downloads folder has no room for (statfs), keeping a reserve for the import. */
async function refuseWithoutRoom(target: FileDownload, bytesToCome: number): Promise<void> {
  const disk = await statfs(path.dirname(target.file));
  const free = disk.bavail * disk.bsize;
  if (bytesToCome + DISK_RESERVE_BYTES <= free) return;
  throw new DownloadRefused(
    `${target.url}: the file needs ${megabytes(bytesToCome)} more and the disk of the downloads folder has ${megabytes(free)} free (${megabytes(DISK_RESERVE_BYTES)} are kept for the import); free some space and try again.`,
  );
}

/** Bytes on disk from another URL, or from a file the feed now announces with another size, are not resumed. */
function forgetAnotherFile(target: FileDownload, part: string): void {
  if (!existsSync(part)) return;
  const record = readRecord(target.file);
  const moved = record !== undefined && record.url !== target.url;
  const resized = record?.length !== undefined && target.expectedBytes !== undefined && record.length !== target.expectedBytes;
  if (moved || resized) discardDownload(target.file);
}

/** One HTTP request appending to the `.part` file; resolves with the file's total size when the server names it. */
async function transferOnce(target: FileDownload, part: string, options: DownloadOptions): Promise<number | undefined> {
  let onDisk = sizeOf(part);
  const ifRange = onDisk > 0 ? ifRangeOf(readRecord(target.file)) : undefined;
  // Without a validator the announced size is all there is to go on; with one, the server decides.
  if (!ifRange && target.expectedBytes !== undefined && onDisk === target.expectedBytes) return target.expectedBytes;
  if (target.expectedBytes !== undefined && onDisk > target.expectedBytes) {
    discardDownload(target.file);
    onDisk = 0;
  }
  const max = options.maxBytes ?? maxDownloadBytes();
  if (target.expectedBytes !== undefined) {
    refuseOversized(target, target.expectedBytes, max, 'the feed');
    await refuseWithoutRoom(target, target.expectedBytes - onDisk);
  }
  const response = await fetchSameHost(target.url, {
    signal: options.signal,
    headers: onDisk > 0 ? { Range: `bytes=${onDisk}-`, ...(ifRange && { 'If-Range': ifRange }) } : {},
  }).catch((error: unknown) => {
    // A file offered elsewhere than its feed's host is not the Catastro's: refused, not retried.
    if (error instanceof RedirectRefusedError) throw new DownloadRefused(`${target.url}: ${error.message}.`);
    throw error;
  });
  if (response.status === 416 && onDisk > 0) {
    // Nothing left to send: the part is complete if the server's total says so.
    await response.body?.cancel();
    const total = totalFromContentRange(response.headers.get('content-range'));
    if (total === onDisk) return total;
    discardDownload(target.file);
    throw new Error(`${target.url}: the server refused to resume (HTTP 416); starting over.`);
  }
  if (response.status === 404 || response.status === 410 || response.status === 403) {
    await response.body?.cancel();
    throw new DownloadRefused(`${target.url}: the server answered HTTP ${response.status}.`);
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel();
    throw new Error(`${target.url}: the server answered HTTP ${response.status}.`);
  }
  const resuming = response.status === 206;
  // A 200 to a resume is the whole file again: the server's copy changed (If-Range) or it cannot resume.
  if (!resuming) onDisk = 0;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const total = resuming ? totalFromContentRange(response.headers.get('content-range')) : Number.isFinite(length) ? length : undefined;
  if (total !== undefined) {
    try {
      refuseOversized(target, total, max, 'the server');
      await refuseWithoutRoom(target, total - onDisk);
    } catch (error) {
      await response.body?.cancel().catch(() => undefined);
      throw error;
    }
  }
  if (!resuming) {
    const record: TransferRecord = {
      url: target.url,
      ...(response.headers.get('etag') && { etag: response.headers.get('etag')! }),
      ...(response.headers.get('last-modified') && { lastModified: response.headers.get('last-modified')! }),
      ...(total !== undefined && { length: total }),
    };
    writeFileSync(recordOf(target.file), JSON.stringify(record));
  }
  let written = onDisk;
  options.onBytes?.(written, total ?? target.expectedBytes);
  // Each chunk is on disk before the next is read, so a transfer cut half way keeps every byte it
  // received and the next attempt resumes from there (a stream pipeline would drop the writes still
  // buffered when the socket errors, and the resume would start from less, or from zero).
  // A server sending past the announced size (an endless body) is cut off there: it filled the disk.
  const announced = target.expectedBytes ?? total;
  const bound = announced ?? max;
  const file = await open(part, resuming ? 'a' : 'w');
  try {
    for await (const chunk of Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
      if (written + chunk.length > bound) {
        await file.close().catch(() => undefined);
        discardDownload(target.file);
        throw new DownloadRefused(
          announced !== undefined
            ? `${target.url}: the server sent more than the ${bound} bytes announced; the file was discarded.`
            : `${target.url}: the server sent more than ${bound} bytes without announcing a size, more than any file of this kind; the file was discarded.`,
        );
      }
      await file.write(chunk);
      written += chunk.length;
      options.onBytes?.(written, total ?? target.expectedBytes);
    }
  } finally {
    await file.close().catch(() => undefined);
  }
  if (total !== undefined && written < total) throw new Error(`${target.url}: the transfer stopped at ${written} of ${total} bytes.`);
  return total;
}
