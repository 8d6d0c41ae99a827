import path from 'node:path';
import { interruptOnSignals, tellWaitingForWriter } from './interrupt.js';
import { failureLine } from './failure.js';
import { checkInputFile } from '../core/file-checks.js';
import { importFailure } from '../core/store/import-failure.js';
import { IMPORT_FORMATS } from '../core/countries/import-formats.js';
import type { CadastralStore } from '../core/store/cadastral-store.js';
import { openCadastralStore } from '../core/store/open-store.js';
import { isPostgresUrl } from '../core/store/postgres/store-url.js';
import type { ImportProgress, ImportResult } from '../core/model/records.js';

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/**
 * A bar on a terminal; elsewhere (CI, pipes) a line every ten percent. cli-progress (16 modules)
 * is loaded only for the bar: a published municipality imports in well under a second of CPU.
 */
async function progressReporter(): Promise<{ update(p: ImportProgress): void; stop(): void }> {
  if (process.stderr.isTTY) {
    const { SingleBar, Presets } = await import('cli-progress');
    const bar = new SingleBar(
      {
        format: '{file} [{bar}] {percentage}% | {records} records | {value}/{total} MB',
        stream: process.stderr,
      },
      Presets.shades_classic,
    );
    let file = '';
    return {
      update(p) {
        if (p.file !== file) {
          if (file) bar.stop();
          file = p.file;
          bar.start(Number(megabytes(p.bytesTotal)), 0, { file: path.basename(p.file), records: 0 });
        }
        bar.update(Number(megabytes(p.bytesRead)), { records: p.records });
      },
      stop: () => bar.stop(),
    };
  }
  let lastTenth = -1;
  let file = '';
  return {
    update(p) {
      if (p.file !== file) {
        file = p.file;
        lastTenth = -1;
      }
      const tenth = Math.floor((p.bytesRead / Math.max(1, p.bytesTotal)) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${path.basename(p.file)}: ${tenth * 10}% (${p.records} records)\n`);
      }
    },
    stop() {},
  };
}

/**
 * Records read from each file, as the app's summary says: a reference a file repeats is counted each
 * time, and a record the copy already held is replaced, not added. The copy's own count follows.
 */
function printSummary(results: ImportResult[]): void {
  console.log('Records read from each file (a parcel a file repeats counts each time; the copy keeps one):');
  console.log('file'.padEnd(48), 'kind'.padEnd(18), 'parcels', 'buildings', 'fincas', 'units', 'addresses', 'seconds');
  for (const r of results) {
    console.log(
      path.basename(r.file).padEnd(48),
      r.kind.padEnd(18),
      String(r.parcels).padStart(7),
      String(r.buildings).padStart(9),
      String(r.fincas).padStart(6),
      String(r.units).padStart(5),
      String(r.addresses ?? 0).padStart(9),
      (r.durationMs / 1000).toFixed(1).padStart(7),
    );
  }
}

/** `catastro import <files…>`: returns the process exit code. */
export async function runImportCommand(files: string[], options: { dataDir: string; store?: string }): Promise<number> {
  const team = isPostgresUrl(options.store);
  try {
    // Every file before the first is imported: a typo in the last one no longer leaves the others half done.
    for (const file of files) checkInputFile(file, 'File');
  } catch (error) {
    console.error(`${failureLine(error)} Nothing was imported.`);
    return 1;
  }
  let store: CadastralStore;
  try {
    // A team import writes only to the database: no local copy is made in the data folder.
    store = await openCadastralStore({ dataDir: options.dataDir, team: options.store, localCopy: false });
  } catch (error) {
    console.error(failureLine(error));
    return 1;
  }
  const reporter = await progressReporter();
  const interruption = interruptOnSignals(() => process.stderr.write('\nInterrupted: stopping the import and rolling back the file being imported…\n'));
  let imported = 0;
  try {
    const paths = files.map((f) => path.resolve(f));
    const onProgress = (p: ImportProgress) => reporter.update(p);
    const results = await store.importFiles(
      paths,
      (p) => {
        imported = paths.indexOf(p.file);
        onProgress(p);
      },
      {
        formats: IMPORT_FORMATS,
        signal: interruption.signal,
        onWaitForWriter: tellWaitingForWriter,
      },
    );
    reporter.stop();
    printSummary(results);
    console.log(`The ${team ? 'team database' : 'local copy'} now holds ${await store.countParcelsOnce()} parcels.`);
    return 0;
  } catch (error) {
    reporter.stop();
    const stoppedBy = interruption.received();
    if (stoppedBy) {
      const kept = imported > 0 ? `the ${imported} file(s) imported before it are kept` : 'nothing was changed';
      console.error(
        `Import interrupted (${stoppedBy}): ${kept}; the file being imported was rolled back, the copy is as it was before it. Run the command again to import it.`,
      );
      return interruption.exitCode()!;
    }
    console.error(`\n${failureLine(importFailure(error))}`);
    console.error('Files imported before it were kept; the failed file changed nothing.');
    return 1;
  } finally {
    interruption.dispose();
    await store.close();
  }
}
