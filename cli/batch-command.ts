import { Presets, SingleBar } from 'cli-progress';
import type { BatchColumns, BatchCounts, OutputLanguage } from '../core/model/index.js';
import type { CatastroService } from '../core/service.js';
import { interruptOnSignals } from './interrupt.js';
import { failureLine } from './failure.js';
import { runBatchFile } from '../core/batch/batch-file.js';

export interface BatchCommandOptions {
  output: string;
  referenceColumn?: string;
  latitudeColumn?: string;
  longitudeColumn?: string;
  countryColumn?: string;
  country?: string;
  concurrency: number;
  /** The language the rows' reasons are written in. */
  lang: OutputLanguage;
}

const describeColumns = (c: BatchColumns) =>
  Object.entries(c)
    .map(([kind, name]) => `${kind}=${name}`)
    .join(', ');
const summary = (c: BatchCounts) => `${c.found} found, ${c.notFound} not found, ${c.failed} failed of ${c.total} rows`;

/** `catastro batch INPUT.csv -o OUT.(csv|geojson|gpkg|kml)`: returns the exit code (0 all answered, 2 rows failed or stopped, 1 refused). */
export async function runBatchCommand(input: string, options: BatchCommandOptions, service: CatastroService): Promise<number> {
  // Ctrl-C or SIGTERM (SIGTERM ended it without writing the output or a word before).
  const stop = interruptOnSignals(() => {
    process.stderr.write('\nStopping: rows in flight finish, the journal keeps the progress; run the same command to resume.\n');
  });
  const bar = process.stderr.isTTY
    ? new SingleBar(
        { format: 'batch [{bar}] {value}/{total} | {found} found, {notFound} not found, {failed} failed', stream: process.stderr },
        Presets.shades_classic,
      )
    : undefined;
  let lastTenth = -1;
  try {
    const outcome = await runBatchFile({
      input,
      output: options.output,
      columns: { reference: options.referenceColumn, latitude: options.latitudeColumn, longitude: options.longitudeColumn, country: options.countryColumn },
      defaultCountry: options.country,
      concurrency: options.concurrency,
      language: options.lang,
      find: (query, signal) => service.findParcel(query, signal),
      signal: stop.signal,
      onStart: (columns, counts, resumed) => {
        process.stderr.write(`Columns: ${describeColumns(columns)}${resumed ? `; resuming, ${resumed} rows already answered` : ''}\n`);
        bar?.start(counts.total, counts.done, { found: 0, notFound: 0, failed: 0 });
      },
      onProgress: (counts) => {
        if (bar) {
          bar.update(counts.done, { ...counts });
        } else {
          const tenth = Math.floor((counts.done / Math.max(1, counts.total)) * 10);
          if (tenth !== lastTenth) {
            lastTenth = tenth;
            process.stderr.write(`batch: ${counts.done}/${counts.total} (${summary(counts)})\n`);
          }
        }
      },
    });
    bar?.stop();
    console.log(`${summary(outcome.counts)}; written to ${options.output} (${outcome.format}).`);
    for (const row of outcome.results.filter((r) => r.status !== 'found').slice(0, 20)) {
      console.log(`  row ${row.row}: ${row.status} ${row.code ?? ''} ${row.reason ?? ''}`);
    }
    if (outcome.journal) {
      console.log(
        outcome.complete
          ? `Rows failed; ${outcome.journal} keeps the answers: run the same command to ask the failed rows again.`
          : `Stopped after ${outcome.counts.done} of ${outcome.counts.total} rows; run the same command to resume (${outcome.journal}).`,
      );
      return 2;
    }
    return 0;
  } catch (error) {
    bar?.stop();
    console.error(failureLine(error));
    return 1;
  } finally {
    stop.dispose();
  }
}
