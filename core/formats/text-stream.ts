import { isAscii } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createGunzip } from 'node:zlib';
import { checkInflated } from './inflation-limit.js';
import { openZipEntry, type ZipEntryInfo } from './zip-archive.js';

/**
 * What an import reads: a file on disk (gunzipped when `.gz`) or one entry of a zip, streamed
 * from inside the zip. Both the Catastro's published zips and loose GML go the same way.
 */
/**
 * Read size: 64 KiB. A decoded chunk above V8's largest young-generation object (128 KiB) is
 * allocated in its large-object space, fresh pages each time: decoding 256 KiB chunks cost 70
 * times more than 64 KiB ones (Segovia x25, 80 MB: about 1 s against 15 ms).
 */
const CHUNK_BYTES = 64 * 1024;

export type TextInput = string | ZipEntryInfo;

export const inputName = (input: TextInput) => (typeof input === 'string' ? input : `${input.zip}!${input.name}`);

export interface TextChunk {
  text: string;
  /** Bytes of the file read so far (compressed bytes for .gz, inflated bytes of a zip entry), for progress. */
  bytesRead: number;
}

/** The first bytes of a (possibly gzipped or zipped) file, decompressed: enough to detect its kind. */
export async function peekText(input: TextInput, bytes = 4096): Promise<string> {
  let head = '';
  for await (const chunk of readText(input)) {
    head += chunk.text;
    if (head.length >= bytes) break;
  }
  return head.slice(0, bytes);
}

export function fileSize(file: string): number {
  return statSync(file).size;
}

/**
 * A plain file's bytes, read synchronously CHUNK_BYTES at a time into one reused buffer: each
 * chunk is decoded before the next read (readText copies what it keeps), and the file is closed
 * however the reading ends.
 */
function* readFileChunks(file: string): Generator<Buffer> {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (read === 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** Length of an incomplete UTF-8 sequence at the end of a buffer (0 to 3 bytes). */
function incompleteUtf8Tail(buffer: Buffer): number {
  for (let back = 1; back <= Math.min(3, buffer.length); back++) {
    const byte = buffer[buffer.length - back];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

/**
 * Streams a text file (gunzipping `.gz`) as decoded chunks, never holding the whole file.
 *
 * Encoding: the Catastro's files declare ISO-8859-1 or UTF-8, and one real WFS answer declares
 * ISO-8859-1 while its bytes are UTF-8. So the bytes decide: decode as strict UTF-8 and, at the
 * first byte sequence that is not UTF-8, switch to Latin-1 for the rest. Everything decoded
 * before the switch was ASCII or valid UTF-8, which a Latin-1 file practically never contains.
 * `encoding: 'iso-8859-15'` (the CAT files' declared charset) skips the sniffing: a single-byte
 * table, so chunks split anywhere decode correctly.
 */
export async function* readText(input: TextInput, options: { encoding?: 'auto' | 'iso-8859-15' } = {}): AsyncGenerator<TextChunk> {
  let bytesRead = 0;
  let source: AsyncIterable<Buffer>;
  if (typeof input === 'string' && !input.endsWith('.gz')) {
    // A plain file is read synchronously, on any thread: a 64 KiB read from the page cache takes
    // tens of microseconds, less than parsing the chunk it brings, which blocks the same thread
    // anyway, and it saves each chunk's hand-over to the thread pool and back through a stream:
    // a tenth of the parse's CPU (5.0-5.5 against 5.7-7.3 s for the 144,300 distinct parcels
    // pinned to one core, docs/performance.md "Import on distinct parcels"). After each chunk the
    // event loop runs (setImmediate) as it did between a stream's reads: signals (Ctrl-C), timers,
    // and the requests of a server that imports on its own thread are not held for a whole file.
    source = (async function* () {
      for (const chunk of readFileChunks(input)) {
        bytesRead += chunk.length;
        yield chunk;
        await nextTurn();
      }
    })();
  } else {
    // A zip entry's sizes are known before it is opened (yauzl then holds the entry to them).
    if (typeof input !== 'string') checkInflated(`${input.name} in ${basename(input.zip)}`, input.size, input.compressedSize);
    const raw: Readable = typeof input === 'string' ? createReadStream(input, { highWaterMark: CHUNK_BYTES }) : await openZipEntry(input);
    raw.on('data', (chunk: Buffer) => {
      bytesRead += chunk.length;
    });
    source =
      typeof input === 'string'
        ? input.endsWith('.gz')
          ? gunzipped(raw, basename(input), () => bytesRead)
          : raw
        : inflatedEntry(raw, `${input.name} in ${basename(input.zip)}`);
  }

  if (options.encoding === 'iso-8859-15') {
    const decoder = new TextDecoder('iso-8859-15');
    for await (const chunk of source) yield { text: decoder.decode(chunk, { stream: true }), bytesRead };
    return;
  }
  let latin1 = false;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let pending = Buffer.alloc(0);
  for await (const chunk of source) {
    const bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (latin1) {
      yield { text: bytes.toString('latin1'), bytesRead };
      pending = Buffer.alloc(0);
      continue;
    }
    const tail = incompleteUtf8Tail(bytes);
    const complete = bytes.subarray(0, bytes.length - tail);
    pending = Buffer.from(bytes.subarray(bytes.length - tail));
    // Most chunks are plain ASCII: read as Latin-1 they give the same text, copied byte for byte
    // instead of validated by the UTF-8 decoder (which was 8 % of an import).
    if (isAscii(complete)) {
      yield { text: complete.toString('latin1'), bytesRead };
      continue;
    }
    try {
      yield { text: utf8.decode(complete), bytesRead };
    } catch {
      latin1 = true;
      yield { text: bytes.toString('latin1'), bytesRead };
      pending = Buffer.alloc(0);
    }
  }
  if (pending.length) yield { text: pending.toString(latin1 ? 'latin1' : 'utf8'), bytesRead };
}

/**
 * A .gz file's bytes inflated, zlib's errors said in words: "unexpected end of file" and
 * "incorrect header check" named neither the file nor what is wrong with it.
 */
async function* gunzipped(raw: Readable, name: string, compressedRead: () => number): AsyncIterable<Buffer> {
  const gunzip = raw.pipe(createGunzip());
  raw.on('error', (error) => gunzip.destroy(error));
  let inflated = 0;
  try {
    for await (const chunk of gunzip) {
      inflated += (chunk as Buffer).length;
      checkInflated(name, inflated, compressedRead());
      yield chunk as Buffer;
    }
  } catch (error) {
    throw inflateFailure(error, name, 'gzip');
  } finally {
    // Refused or left early (peekText): the file is closed, not read on into a destroyed gunzip.
    raw.destroy();
  }
}

/**
 * A zip entry's bytes, zlib's errors said in words as for .gz: a zip cut short while it was
 * imported (or damaged after its directory) said only "unexpected end of file".
 */
async function* inflatedEntry(raw: Readable, name: string): AsyncIterable<Buffer> {
  try {
    for await (const chunk of raw) yield chunk as Buffer;
  } catch (error) {
    throw inflateFailure(error, name, 'deflate');
  }
}

function inflateFailure(error: unknown, name: string, format: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'Z_BUF_ERROR') return new Error(`${name} ends before its compressed data does (a truncated file or an incomplete download).`);
  if (code === 'Z_DATA_ERROR') return new Error(`${name} is not ${format} data, or damaged ${format} data (${(error as Error).message}).`);
  return error;
}
