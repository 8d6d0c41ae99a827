import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** One row in COPY's text format. */
export const copyLine = (values: (string | number | null | undefined)[]) => `${values.map(field).join('\t')}\n`;

/** Writes into a COPY stream, waiting when the connection's buffer is full (memory stays flat). */
export async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Streams rows into a staging table with COPY … FROM STDIN; a failure of the producer aborts the COPY. */
export async function copyInto(client: pg.PoolClient, table: string, columns: string, produce: (stream: Writable) => Promise<void>): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN`));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  try {
    await produce(stream);
  } catch (error) {
    stream.destroy(error as Error);
    await finished.catch(() => {});
    throw error;
  }
  stream.end();
  await finished;
}
