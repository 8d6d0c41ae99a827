import path from 'node:path';
import { Presets, SingleBar } from 'cli-progress';
import { failureLine } from './failure.js';
import { bboxFromText, requireBBox } from '../core/input.js';
import { interruptOnSignals, tellWaitingForWriter } from './interrupt.js';
import { EsAtomCatalogue } from '../core/countries/es/atom-catalogue.js';
import { resolveEsSources } from '../core/countries/es/config.js';
import { serviceSourcesFromEnv } from '../core/sources-from-env.js';
import {
  notFound,
  offlineAreaLabel,
  OFFLINE_COUNTRIES,
  validationError,
  type BBox,
  type OfflineChoice,
  type OfflineDownloadResult,
  type OfflineProgress,
} from '../core/model/index.js';
import type { LocalCopy } from '../core/store/cadastral-store.js';
import { openCadastralStore } from '../core/store/open-store.js';
import { UpstreamClient } from '../core/upstream/upstream-client.js';
import { downloadAreas } from '../core/offline/download-areas.js';
import { downloadFrenchAreas } from '../core/offline/download-fr.js';
import { recordedRun, type RunAsked } from '../core/offline/interrupted-run.js';
import { noOfflineArea } from '../core/offline/no-offline-area.js';
import { checkOfflineChoice } from '../core/offline/offline-areas-service.js';
import { updateOfflineAreas } from '../core/offline/update-offline-areas.js';
import { resolveFrSources } from '../core/countries/fr/config.js';
import { FrenchCommuneFinder } from '../core/countries/fr/commune-finder.js';

export interface DownloadCommandOptions {
  data: string;
  province?: string[];
  bbox?: string;
  buildings?: boolean;
  baseUrl?: string;
  /** ES (the Catastro's ATOM service, default) or FR (Etalab's cadastre files by commune or département). */
  country?: string;
}

/** Etalab's root for France: --base-url, else $CATASTRO_FR_ETALAB_URL, else cadastre.data.gouv.fr (fr/config.ts). */
const etalabRoot = (options: DownloadCommandOptions) => options.baseUrl ?? resolveFrSources(serviceSourcesFromEnv().fr).etalabCadastreUrl;

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** A bar on a terminal; elsewhere (CI, pipes) a line per file and phase. */
function progressReporter(): { update(p: OfflineProgress): void; stop(): void } {
  if (process.stderr.isTTY) {
    const bar = new SingleBar(
      {
        format: '{file} [{bar}] {percentage}% | {done}/{total} MB | files {filesDone}/{filesTotal} | {parcels} parcels',
        stream: process.stderr,
      },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(p) {
        const total = Number(megabytes(p.bytesTotal ?? Math.max(p.bytesDone, 1)));
        const values = {
          file: p.file ?? '',
          done: megabytes(p.bytesDone),
          total: megabytes(p.bytesTotal ?? p.bytesDone),
          filesDone: p.filesDone,
          filesTotal: p.filesTotal,
          parcels: p.parcels,
        };
        if (!started) {
          bar.start(total, 0, values);
          started = true;
        }
        bar.setTotal(total);
        bar.update(Number(megabytes(p.bytesDone)), values);
      },
      stop: () => bar.stop(),
    };
  }
  let last = '';
  return {
    update(p) {
      const line = `${p.phase} ${p.file ?? ''}`;
      if (line === last || p.phase === 'done') return;
      last = line;
      process.stderr.write(
        `${p.phase === 'download' ? 'downloading' : 'importing'} ${p.file} (files ${p.filesDone}/${p.filesTotal}, ${megabytes(p.bytesDone)}${p.bytesTotal ? `/${megabytes(p.bytesTotal)}` : ''} MB, ${p.parcels} parcels)\n`,
      );
    },
    stop() {},
  };
}

const parseBBox = (text: string): BBox =>
  requireBBox(bboxFromText(text), {
    area: true,
    message: `--bbox takes west,south,east,north in degrees, west below east and south below north, e.g. --bbox -4.14,40.93,-4.10,40.96 (got "${text}").`,
  });

/** `interruptedExit`: the exit code of the signal that cancelled the run (Ctrl-C 130, SIGTERM 143). */
function printResult(result: OfflineDownloadResult, interruptedExit = 130): number {
  for (const area of result.areas) {
    // "ES.40146  MELQUE DE CERCOS (SEGOVIA)", "FR.91  Essonne" (Etalab's areas have no province).
    const named = [area.name, area.province && `(${area.province})`].filter(Boolean).join(' ');
    const label = named ? `${area.id}  ${named}` : area.id;
    console.log(`${label}: ${area.parcels} parcels, ${area.buildings} buildings, data of ${area.dataDate ?? 'unknown date'}`);
  }
  for (const failure of result.failures) console.error(`FAILED ${failure.file}: ${failure.message}`);
  if (result.cancelled) {
    console.error(
      "Cancelled. Files imported so far are kept; run the same command again to resume the interrupted download (the app's offline dialog offers to resume or discard it too).",
    );
    return interruptedExit;
  }
  console.log(
    `${result.parcels} parcels and ${result.buildings} buildings imported${result.failures.length ? `; ${result.failures.length} file(s) failed (see above), the rest were imported` : ''}.`,
  );
  return result.failures.length ? 1 : 0;
}

/**
 * One run of a download or update: store, catalogue, Ctrl-C → cancel, progress, summary. Recorded
 * as the app records its own (interrupted-run.ts): one cut short is offered in the app's offline
 * dialog too, and none starts while another process's download writes the same folder.
 */
async function withDownload(
  options: DownloadCommandOptions,
  asked: (store: LocalCopy) => RunAsked,
  work: (store: LocalCopy, catalogue: EsAtomCatalogue, run: Parameters<typeof downloadAreas>[2]) => Promise<OfflineDownloadResult>,
): Promise<number> {
  const opened = await openCadastralStore({ dataDir: options.data });
  const store = opened.local;
  // The environment's base URLs through the one mapping (each country's definition names its variables).
  const baseUrl = options.baseUrl ?? resolveEsSources(serviceSourcesFromEnv().es).atomBaseUrl;
  const catalogue = new EsAtomCatalogue(baseUrl, new UpstreamClient());
  const interruption = interruptOnSignals();
  const reporter = progressReporter();
  const downloadDir = path.join(options.data, 'downloads');
  try {
    const result = await recordedRun(downloadDir, asked(store), interruption.signal, (onFetching) =>
      work(store, catalogue, {
        downloadDir,
        buildings: options.buildings,
        signal: interruption.signal,
        onProgress: (p) => reporter.update(p),
        onWaitForWriter: tellWaitingForWriter,
        onFetching,
      }),
    );
    reporter.stop();
    return printResult(result, interruption.exitCode());
  } catch (error) {
    reporter.stop();
    console.error(failureLine(error));
    return 1;
  } finally {
    interruption.dispose();
    await opened.close();
  }
}

/**
 * The choice in the shape the app records (checkOfflineChoice), so the app can resume a run the
 * command line began; undefined, said why, when the service would refuse it (exit 1, as a refused run).
 */
function askedChoice(choice: OfflineChoice): RunAsked | undefined {
  try {
    return { choice: checkOfflineChoice(choice) };
  } catch (error) {
    console.error(failureLine(error));
    return undefined;
  }
}

/**
 * `catastro download [municipality…] [--province P…] [--bbox W,S,E,N]`. A command line that names
 * nothing to fetch is refused (VALIDATION_ERROR, thrown: the CLI prints it as every refusal, exit 1)
 * before the copy or a source is touched.
 */
export function runDownloadCommand(municipalities: string[], options: DownloadCommandOptions): Promise<number> {
  const country = (options.country ?? 'ES').toUpperCase();
  if (!(OFFLINE_COUNTRIES as readonly string[]).includes(country)) {
    throw validationError(
      `--country takes ${OFFLINE_COUNTRIES.join(' or ')}, the countries whose cadastre files can be downloaded (ES: the Catastro's INSPIRE ATOM service; FR: Etalab's cadastre files), e.g. --country FR 91216; not "${options.country}".`,
    );
  }
  const bbox = options.bbox ? parseBBox(options.bbox) : undefined;
  if (country === 'FR') {
    if (municipalities.length === 0 && !options.province?.length && !bbox) {
      throw validationError(
        'Say what to download in France: communes by name or INSEE code (e.g. catastro download --country FR "Épinay-sur-Orge" or 91216), départements with --province (e.g. --province Essonne, 91 or 2A) or --bbox west,south,east,north (the communes whose outline meets it).',
      );
    }
    const asked = askedChoice({ country: 'FR', municipalities, provinces: options.province, bbox });
    if (!asked) return Promise.resolve(1);
    return withDownload(
      options,
      () => asked,
      async (store, _catalogue, run) => {
        const finder = new FrenchCommuneFinder(resolveFrSources(serviceSourcesFromEnv().fr).geoApiUrl, new UpstreamClient());
        const codes = await finder.resolve({ municipalities, provinces: options.province, bbox }, run.signal);
        console.error(`${codes.length} French area(s) from ${etalabRoot(options)}: ${codes.slice(0, 8).join(', ')}${codes.length > 8 ? ', …' : ''}`);
        return downloadFrenchAreas(store, codes, { ...run, root: etalabRoot(options) });
      },
    );
  }
  if (municipalities.length === 0 && !options.province?.length && !bbox) {
    throw validationError(
      'Say what to download: municipality names or codes (e.g. catastro download Segovia or 40194), --province with a code or name (e.g. --province 40) or --bbox west,south,east,north (e.g. --bbox -4.14,40.93,-4.10,40.96).',
    );
  }
  const asked = askedChoice({ municipalities, provinces: options.province, bbox, buildings: options.buildings });
  if (!asked) return Promise.resolve(1);
  return withDownload(
    options,
    () => asked,
    async (store, catalogue, run) => {
      const chosen = await catalogue.resolve({ municipalities, provinces: options.province, bbox }, run.signal);
      console.error(
        `${chosen.length} municipalit${chosen.length === 1 ? 'y' : 'ies'}: ${chosen
          .slice(0, 8)
          .map((m) => `${m.code} ${m.name}`)
          .join(', ')}${chosen.length > 8 ? ', …' : ''}`,
      );
      return downloadAreas(store, chosen, run);
    },
  );
}

const AREAS_ACTIONS = ['list', 'update', 'remove'];

/**
 * `catastro areas [list]`, `catastro areas update <id…|all>`, `catastro areas remove <id…>`. An
 * unknown action or a removal naming no area is refused (VALIDATION_ERROR, thrown) before the copy
 * is opened; an id the copy does not hold is NOT_FOUND, as the app's removal says it.
 */
export async function runAreasCommand(action: string, ids: string[], options: DownloadCommandOptions): Promise<number> {
  if (!AREAS_ACTIONS.includes(action)) {
    throw validationError(
      `Unknown action "${action}": give list, update or remove, e.g. catastro areas update ES.40146 (\`catastro areas list\` shows the ids).`,
    );
  }
  if (action === 'remove' && ids.length === 0) {
    throw validationError('Name the areas to remove, e.g. catastro areas remove ES.40146 (`catastro areas list` shows the ids).');
  }
  if (action === 'update') {
    const wantedIn = (store: LocalCopy) => {
      const held = store.listOfflineAreas().map((a) => a.id);
      if (ids.length === 0 || ids.includes('all')) return held;
      // A typo'd id is refused before anything is fetched, as removal refuses it (it ran, and failed as a file).
      const missing = ids.filter((id) => !held.includes(id));
      if (missing.length) throw notFound(`${missing.map(noOfflineArea).join(' ')} Nothing was updated; \`catastro areas list\` shows the ids.`);
      return ids;
    };
    return withDownload(
      options,
      (store) => ({ areaIds: wantedIn(store) }),
      (store, catalogue, run) => updateOfflineAreas(store, catalogue, wantedIn(store), { ...run, etalabRoot: etalabRoot(options) }),
    );
  }
  const opened = await openCadastralStore({ dataDir: options.data });
  const store = opened.local;
  try {
    if (action === 'remove') {
      let status = 0;
      for (const id of ids) {
        const removed = store.removeOfflineArea(id);
        if (removed) console.log(`${id}: removed with its ${removed.parcels} parcels.`);
        else {
          console.error(failureLine(notFound(noOfflineArea(id))));
          status = 1;
        }
      }
      return status;
    }
    const areas = store.listOfflineAreas();
    if (areas.length === 0) console.log('The copy holds no offline areas yet (catastro download …).');
    for (const a of areas) {
      const label = offlineAreaLabel(a);
      console.log(
        `${a.id.padEnd(10)} ${`${label.name} (${label.place})`.padEnd(36)} ${String(a.parcels).padStart(7)} parcels ${String(a.buildings).padStart(6)} buildings  data ${a.dataDate ?? '?'}  ${megabytes(a.bytes)} MB  from ${a.source}`,
      );
    }
    return 0;
  } finally {
    await opened.close();
  }
}
