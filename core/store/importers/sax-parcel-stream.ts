import type { StoredParcel } from '../types.js';
import { readText, type TextChunk, type TextInput } from './text-stream.js';

/**
 * Streams a file through a SAX parcel reader: each decoded chunk is parsed, and the parcels it
 * completed go to `sink` with the chunk (progress, interruption), so memory holds one chunk's
 * parcels, never the file's. Returns how many parcels the reader emitted.
 */
export async function streamSaxParcels(
  input: TextInput,
  reader: (emit: (parcel: StoredParcel) => void) => { write(chunk: string): void; close(): void },
  sink: (parcels: StoredParcel[], progress: TextChunk) => void,
): Promise<number> {
  let batch: StoredParcel[] = [];
  let total = 0;
  const sax = reader((parcel) => { batch.push(parcel); total++; });
  for await (const chunk of readText(input)) {
    sax.write(chunk.text);
    sink(batch, chunk);
    batch = [];
  }
  sax.close();
  if (batch.length) sink(batch, { text: '', bytesRead: 0 });
  return total;
}
