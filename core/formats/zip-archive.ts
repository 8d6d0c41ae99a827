import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { createRequire } from 'node:module';
import type Yauzl from 'yauzl';
import { isoDay } from '../model/index.js';

// Required, not imported: Node's ESM loader scans a CommonJS package's whole source for its export
// names before running it (cjs-module-lexer), a tenth of an import's start-up (docs/performance.md "Import against GDAL").
// And required at the first zip opened, not at load: the parse worker loads this module (text-stream.ts)
// for every large file, and loading yauzl (10-20 ms) is on its start-up, an import's critical path.
let yauzlLibrary: typeof Yauzl | undefined;
const yauzl = () => (yauzlLibrary ??= createRequire(import.meta.url)('yauzl') as typeof Yauzl);

/** One file inside a zip, as the central directory describes it. */
export interface ZipEntryInfo {
  zip: string;
  name: string;
  /** Uncompressed size, which yauzl checks against the bytes it inflates (validateEntrySizes). */
  size: number;
  /** Size of the entry's compressed bytes in the zip. */
  compressedSize: number;
  /** The entry's own modification time, `YYYY-MM-DD`. */
  modified: string;
  /** CRC-32 the zip records for the entry's inflated bytes. */
  crc32: number;
}

/** Reads a zip's central directory: names, sizes and dates, nothing decompressed. */
export async function listZipEntries(zipFile: string): Promise<ZipEntryInfo[]> {
  let zip: Yauzl.ZipFile;
  try {
    zip = await yauzl().openPromise(zipFile, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new Error(`${zipFile} is not a readable zip: ${(error as Error).message}`);
  }
  try {
    return await new Promise<ZipEntryInfo[]>((resolve, reject) => {
      const entries: ZipEntryInfo[] = [];
      zip.on('entry', (entry: Yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) {
          entries.push({
            zip: zipFile,
            name: entry.fileName,
            size: entry.uncompressedSize,
            compressedSize: entry.compressedSize,
            modified: isoDay(entry.getLastModDate()),
            crc32: entry.crc32,
          });
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/**
 * Streams one entry, inflated, without extracting the zip to disk. The zip closes when the
 * stream closes (ended or destroyed), so an aborted import leaves no open file behind.
 */
export async function openZipEntry(entry: ZipEntryInfo): Promise<Readable> {
  const zip = await yauzl().openPromise(entry.zip, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  return new Promise<Readable>((resolve, reject) => {
    zip.on('entry', (found: Yauzl.Entry) => {
      if (found.fileName !== entry.name) return zip.readEntry();
      zip.openReadStream(found, (error, stream) => {
        if (error) {
          zip.close();
          return reject(error);
        }
        stream.once('close', () => zip.close());
        resolve(stream);
      });
    });
    zip.on('end', () => {
      zip.close();
      reject(new Error(`${entry.zip} holds no ${entry.name}.`));
    });
    zip.on('error', (error) => {
      zip.close();
      reject(error);
    });
    zip.readEntry();
  });
}

/** The whole (small) entry as text: the metadata beside the GML. */
export async function readZipEntryText(entry: ZipEntryInfo, maxBytes = 1 << 20): Promise<string> {
  if (entry.size > maxBytes) throw new Error(`${entry.name} in ${entry.zip} is larger than expected for metadata (${entry.size} bytes).`);
  const chunks: Buffer[] = [];
  for await (const chunk of await openZipEntry(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Checks a whole zip: every entry inflates to its recorded size and CRC-32. A download that
 * was damaged in transit fails here, before anything of it reaches the copy.
 */
export async function verifyZip(zipFile: string): Promise<void> {
  const entries = await listZipEntries(zipFile);
  if (entries.length === 0) throw new Error('the zip holds no files');
  for (const entry of entries) {
    let crc = 0;
    for await (const chunk of await openZipEntry(entry)) crc = crc32(chunk as Buffer, crc);
    if (crc !== entry.crc32) throw new Error(`${entry.name} fails its CRC-32 check`);
  }
}
