import { readText, type TextChunk, type TextInput } from './text-stream.js';

/**
 * Streams a file through a SAX record reader: each decoded chunk is parsed, and the records it
 * completed go to `sink` with the chunk (progress, interruption), so memory holds one chunk's
 * records, never the file's. Returns how many records the reader emitted. The GML readers build
 * their reader on GmlFeatureReader (gml-feature-reader.ts).
 */
export async function streamSaxRecords<T>(
  input: TextInput,
  reader: (emit: (record: T) => void) => { write(chunk: string): void; close(): void },
  sink: (records: T[], progress: TextChunk) => void,
): Promise<number> {
  let batch: T[] = [];
  let total = 0;
  const sax = reader((record) => {
    batch.push(record);
    total++;
  });
  for await (const chunk of readText(input)) {
    sax.write(chunk.text);
    sink(batch, chunk);
    batch = [];
  }
  sax.close();
  if (batch.length) sink(batch, { text: '', bytesRead: 0 });
  return total;
}
