import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { coreModuleFile } from './app-files.js';

/**
 * A worker thread running the core module `name` (its path under core/, as coreModuleFile takes
 * it): the compiled .js beside the core; under tsx (dev, tests) the .ts source, loaded through
 * tsx's own loader registered inside the worker (a worker does not inherit it).
 */
export function startCoreWorker(name: string, options: WorkerOptions = {}): Worker {
  const entry = coreModuleFile(name);
  if (!entry.endsWith('.ts')) return new Worker(entry, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
