import type { Worker } from 'node:worker_threads';
import { startCoreWorker } from './core-worker.js';
import type { FeatureFormat, Parcel, ParcelReportData } from './model/index.js';

/** A file the service hands to its writer thread: a parcel's report, or a selection's export. */
export type FileJob = { kind: 'report'; data: ParcelReportData; fontsDir: string } | { kind: 'parcels'; parcels: Parcel[]; format: FeatureFormat };

interface Pending {
  resolve: (file: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * Reports and selection exports written in one worker thread per process. pdfkit lays a page
 * out and embeds its font subset synchronously (about 150 ms a report here, 500 ms for the
 * first, which also parses the fonts), and a GeoPackage or GeoJSON of a 2,000-parcel selection
 * takes as long: on the serving thread each stalled every other caller for that long (issue
 * #38: no request may stall the server more than 250 ms). The worker starts with the first file,
 * stays for the next ones (the fonts stay parsed) without keeping the process alive, and one
 * that fails is replaced on the next file.
 */
export class FilesThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  write(job: FileJob): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const written = new Promise<Buffer>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    worker.postMessage({ id, job });
    worker.ref();
    return written;
  }

  close(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  private start(): Worker {
    const worker = startCoreWorker('files-thread-worker');
    worker.on('message', ({ id, bytes, error }: { id: number; bytes?: Uint8Array; error?: string }) => {
      const job = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (!job) return;
      if (bytes) job.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      else job.reject(new Error(`The file could not be written: ${error}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The file writer stopped (exit code ${code}).`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
