import { isAscii, isUtf8 } from 'node:buffer';
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

export interface ReadProgress {
  /** Bytes of the file read so far (compressed bytes for .gz, inflated bytes of a zip entry), for progress. */
  bytesRead: number;
}

export interface TextChunk extends ReadProgress {
  text: string;
}

/** Bytes as read: a plain file's chunks are one buffer reused from read to read (use each before the next). */
export interface ByteChunk extends ReadProgress {
  bytes: Buffer;
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

/** Streams a file's bytes (gunzipping `.gz`, inflating a zip entry), never holding the whole file. */
export async function* readBytes(input: TextInput): AsyncGenerator<ByteChunk> {
  let bytesRead = 0;
  if (typeof input === 'string' && !input.endsWith('.gz')) {
    // A plain file is read synchronously, on any thread: a 64 KiB read from the page cache takes
    // tens of microseconds, less than parsing the chunk it brings, which blocks the same thread
    // anyway, and it saves each chunk's hand-over to the thread pool and back through a stream:
    // a tenth of the parse's CPU (5.0-5.5 against 5.7-7.3 s for the 144,300 distinct parcels
    // pinned to one core, docs/performance.md "Import on distinct parcels"). After each chunk the
    // event loop runs (setImmediate) as it did between a stream's reads: signals (Ctrl-C), timers,
    // and the requests of a server that imports on its own thread are not held for a whole file.
    for (const chunk of readFileChunks(input)) {
      bytesRead += chunk.length;
      yield { bytes: chunk, bytesRead };
      await nextTurn();
    }
    return;
  }
  // A zip entry's sizes are known before it is opened (yauzl then holds the entry to them).
  if (typeof input !== 'string') checkInflated(`${input.name} in ${basename(input.zip)}`, input.size, input.compressedSize);
  const raw: Readable = typeof input === 'string' ? createReadStream(input, { highWaterMark: CHUNK_BYTES }) : await openZipEntry(input);
  raw.on('data', (chunk: Buffer) => {
    bytesRead += chunk.length;
  });
  const source = typeof input === 'string' ? gunzipped(raw, basename(input), () => bytesRead) : inflatedEntry(raw, `${input.name} in ${basename(input.zip)}`);
  for await (const bytes of source) yield { bytes, bytesRead };
}

/**
 * The encoding of a file's bytes, decided as they arrive (readText): strict UTF-8 until the first
 * chunk (with the incomplete character the chunk before ended in) that is not UTF-8, Latin-1 from
 * that chunk's first byte on. The byte tokenizer (xml-scanner.ts) decodes the few values it keeps
 * by this, so they are the strings readText gave.
 */
export class EncodingSniffer {
  /** Offset in the file from which its bytes are Latin-1 (Infinity: UTF-8 so far). */
  latin1From = Infinity;
  private seen = 0;
  /** The incomplete UTF-8 character the bytes seen end in, judged with the next chunk. */
  private tail: Buffer = Buffer.alloc(0);

  /**
   * Judges the next chunk; answers the bytes now decodable and how (the tail held back when
   * UTF-8), and whether the chunk itself is all ASCII.
   */
  see(chunk: Buffer): { complete: Buffer; latin1: boolean; ascii: boolean } {
    const ascii = isAscii(chunk);
    const start = this.seen - this.tail.length;
    this.seen += chunk.length;
    if (ascii && this.tail.length === 0) return { complete: chunk, latin1: this.latin1From !== Infinity, ascii };
    const bytes = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    if (this.latin1From !== Infinity) return { complete: bytes, latin1: true, ascii };
    const tail = incompleteUtf8Tail(bytes);
    const complete = bytes.subarray(0, bytes.length - tail);
    if (isUtf8(complete)) {
      this.tail = Buffer.from(bytes.subarray(bytes.length - tail));
      return { complete, latin1: false, ascii };
    }
    this.latin1From = start;
    this.tail = Buffer.alloc(0);
    return { complete: bytes, latin1: true, ascii };
  }

  /** Bytes held back at the end of the file (an incomplete UTF-8 character). */
  rest(): Buffer {
    return this.tail;
  }
}

/**
 * Streams a text file (gunzipping `.gz`) as decoded chunks, never holding the whole file.
 *
 * Encoding: the Catastro's files declare ISO-8859-1 or UTF-8, and one real WFS answer declares
 * ISO-8859-1 while its bytes are UTF-8. So the bytes decide (EncodingSniffer): decode as strict
 * UTF-8 and, at the first byte sequence that is not UTF-8, switch to Latin-1 for the rest.
 * Everything decoded before the switch was ASCII or valid UTF-8, which a Latin-1 file practically
 * never contains. `encoding: 'iso-8859-15'` (the CAT files' declared charset) skips the sniffing:
 * a single-byte table, so chunks split anywhere decode correctly.
 */
export async function* readText(input: TextInput, options: { encoding?: 'auto' | 'iso-8859-15' } = {}): AsyncGenerator<TextChunk> {
  if (options.encoding === 'iso-8859-15') {
    const decoder = new TextDecoder('iso-8859-15');
    for await (const { bytes, bytesRead } of readBytes(input)) yield { text: decoder.decode(bytes, { stream: true }), bytesRead };
    return;
  }
  const sniffer = new EncodingSniffer();
  const utf8 = new TextDecoder('utf-8');
  let bytesRead = 0;
  for await (const chunk of readBytes(input)) {
    bytesRead = chunk.bytesRead;
    const { complete, latin1 } = sniffer.see(chunk.bytes);
    // Most chunks are plain ASCII: read as Latin-1 they give the same text, copied byte for byte
    // instead of decoded as UTF-8 (which was 8 % of an import).
    yield { text: latin1 || isAscii(complete) ? complete.toString('latin1') : utf8.decode(complete), bytesRead };
  }
  const rest = sniffer.rest();
  if (rest.length) yield { text: rest.toString('utf8'), bytesRead };
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
