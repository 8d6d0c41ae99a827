// Worker thread of result-files.ts: writes one batch result file off the serving thread.
import { parentPort, workerData } from 'node:worker_threads';
import { writeResultFile, type ResultFileJob } from './result-file.js';

if (parentPort && workerData) {
  try {
    parentPort.postMessage({ found: writeResultFile(workerData as ResultFileJob) });
  } catch (error) {
    parentPort.postMessage({ error: (error as Error).message ?? String(error) });
  }
}
