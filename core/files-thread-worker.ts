// Worker thread of files-thread.ts: writes reports and selection exports off the serving thread.
import { parentPort } from 'node:worker_threads';
import { parcelTable } from './export/feature-table.js';
import { writeTable } from './export/write-table.js';
import type { FileJob } from './files-thread.js';
import { renderReport } from './report/render-report.js';

async function write(job: FileJob): Promise<Buffer> {
  return job.kind === 'report' ? renderReport(job.data, job.fontsDir) : writeTable(parcelTable(job.parcels, 'parcels'), job.format);
}

parentPort?.on('message', ({ id, job }: { id: number; job: FileJob }) => {
  write(job).then(
    (file) => {
      // The bytes move to the serving thread rather than being copied.
      const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength).slice();
      parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
    },
    (error: unknown) => parentPort!.postMessage({ id, error: (error as Error).message ?? String(error) }),
  );
});
