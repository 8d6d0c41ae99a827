import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Command, Option } from 'commander';
import { APP_VERSION, appFile } from '../core/app-files.js';
import { keysCommand } from './keys-command.js';
import { scavengeOnServingThread } from './serve-scavenges.js';
import { sourcesCommand } from './sources-check-command.js';
import {
  argumentsWithoutStore,
  basemapArgument,
  commandLineWithoutPasswords,
  corsOrigin,
  outputLanguageArgument,
  staticFolder,
  TEAM_STORE_VARIABLE,
  TEAM_STORE_READ_VARIABLE,
  teamStoreReadOption,
  teamStoreOption,
  trustedProxy,
  wholeNumber,
} from './arguments.js';
import { failureLine, printUsageRefusalsAsFailures } from './failure.js';
import { corsWildcardRefusal } from '../core/api/cors-origins.js';
import { trustedProxiesRefusal } from '../core/api/trusted-proxies.js';
import { DEFAULT_OUTPUT_LANGUAGE, OUTPUT_LANGUAGES, isServiceError, validationError } from '../core/model/index.js';
import type { LayerImportOptions } from './layer-import-command.js';
import type { BatchCommandOptions } from './batch-command.js';
import type { CatastroService } from '../core/service.js';
import { BATCH_PACE } from '../core/upstream/batch-pace.js';

const defaultDataDir = process.env.CATASTRO_DATA_DIR ?? path.join(os.homedir(), '.catastro-desktop');

/**
 * The facade, loaded when a command needs it (see buildProgram), with the upstream base URLs from
 * the environment (tests point them at local fakes).
 */
async function openService(options: Omit<Parameters<typeof CatastroService.open>[0], 'sources'>): Promise<CatastroService> {
  const [{ CatastroService: Service }, { serviceSourcesFromEnv }] = await Promise.all([import('../core/service.js'), import('../core/sources-from-env.js')]);
  return Service.open({ ...options, sources: serviceSourcesFromEnv() });
}

interface ServeOptions {
  host: string;
  port: number;
  data: string;
  static?: string;
  log?: boolean;
  workers?: number;
  auth?: 'keys' | 'off';
  freePerIp?: number;
  basemap?: string;
  statusInterval?: number;
  store?: string;
  /** `serve --store-read`: a streaming replica of `store` that lookups read from. */
  storeRead?: string;
  /** `start` in a browser: the token that opens the app's own actions (core/api/routes/app-*.ts). */
  appSession?: string;
  /** `serve --cors-origin`: origins whose web pages may call the API (core/api/plugins/cors.ts). */
  corsOrigin?: string[];
  /** `serve --trust-proxy`: reverse proxies whose X-Forwarded-For names the caller (core/api/trusted-proxies.ts). */
  trustProxy?: string[];
}

const storeOption = () =>
  teamStoreOption(
    "team store: postgres://user@host:port/db of a PostgreSQL/PostGIS database shared by several processes or machines (default: the data folder's SQLite file)",
  );

/** `--workers` at most: each process holds its own caches and connections; far beyond any core count here. */
const MAX_WORKERS = 64;
/** How long a stopping primary waits for its workers before leaving anyway. */
const WORKERS_STOP_MS = 10_000;
/** Replacement workers failing to start one after another before `serve --workers` gives up. */
const MAX_FAILED_WORKER_STARTS = 3;

/**
 * `--workers N` forks N processes sharing the port (node:cluster): SQLite in WAL mode lets
 * every process read the same copy, so lookups scale with cores. The primary opens the store
 * once first so migrations and the sample import happen exactly once.
 */
async function serveClustered(options: ServeOptions, workers: number) {
  const { API_VERSION } = await import('../core/service.js');
  const service = await openService({ dataDir: options.data, store: options.store, storeRead: options.storeRead, processes: workers });
  const { parcels } = service.status();
  service.close();
  console.log(`Catastro API ${API_VERSION}: ${parcels} parcels in ${options.data}, ${workers} workers`);
  let announced = false;
  let stopping = false;
  // The primary waits for its workers to close their servers and stores: exiting at once cut
  // their IPC channel and pipes mid-shutdown, and a worker then died on an unhandled EPIPE.
  const stop = (exitCode: number) => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let left = running.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of running) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(exitCode);
      });
      worker.kill('SIGTERM');
    }
    setTimeout(() => process.exit(exitCode), WORKERS_STOP_MS).unref();
  };
  // The port is announced once every worker serves. Workers that cannot start before then (port
  // taken, data folder unreadable) stop the command, as one process would. After it, a worker
  // that ends is replaced, so the port never serves at half strength unnoticed (a worker lost at
  // start used to leave the primary running with one); replacements failing to start in a row
  // stop it too.
  let serving = 0;
  let failedStarts = 0;
  /** A worker's refusal to start (port taken…), sent by it rather than printed (see the end of this file). */
  let refusal: string | undefined;
  // The store reaches the workers in their environment, not their argv (argumentsWithoutStore).
  cluster.setupPrimary({ args: argumentsWithoutStore(process.argv.slice(2)) });
  const workerEnvironment = {
    CATASTRO_WORKER: '1',
    ...(options.store && { [TEAM_STORE_VARIABLE]: options.store }),
    ...(options.storeRead && { [TEAM_STORE_READ_VARIABLE]: options.storeRead }),
  };
  const fork = () => {
    const worker = cluster.fork(workerEnvironment);
    let up = false;
    worker.on('message', (message: { url?: string; refusal?: string }) => {
      if (message.refusal) refusal ??= message.refusal;
      if (!message.url || up) return;
      up = true;
      serving++;
      failedStarts = 0;
      if (announced) {
        console.error(`A new server process serves (${serving} of ${workers}).`);
      } else if (serving === workers) {
        announced = true;
        console.log(`Listening on ${message.url}`);
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (up) serving--;
      else failedStarts++;
      if (!announced || failedStarts >= MAX_FAILED_WORKER_STARTS) {
        // Every worker refuses the same port alike: its line once, not once per worker.
        console.error(!up && refusal ? refusal : `A server process could not start (it exited with ${how}): stopping.`);
        stop(1);
      } else {
        console.error(`A server process ${up ? 'ended' : 'could not start'} (${how}): starting another.`);
        fork();
      }
    });
  };
  for (let i = 0; i < workers; i++) fork();
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
}

async function serve(options: ServeOptions) {
  const workers = options.workers ?? 1;
  if (cluster.isPrimary && workers > 1) return serveClustered(options, workers);
  return serveOneProcess(options);
}

/**
 * Why the server could not listen, as a refusal saying what to do (VALIDATION_ERROR: the address is
 * the user's --host and --port); undefined for any other failure. Before, Node's stack trace, once
 * per worker with --workers.
 */
function listenRefusal(error: unknown, { host, port }: { host: string; port: number }): Error | undefined {
  switch ((error as NodeJS.ErrnoException)?.code) {
    case 'EADDRINUSE':
      return validationError(
        `Port ${port} on ${host} is already in use by another program: give another --port (e.g. --port ${port === 65535 ? port - 1 : port + 1}, or --port 0 for any free one) or stop the program using it.`,
      );
    case 'EACCES':
      return validationError(
        `Port ${port} on ${host} may not be opened by this user (ports below 1024 need administrator rights): give another --port, e.g. --port 8787.`,
      );
    case 'EADDRNOTAVAIL':
      return validationError(
        `--host ${host} is not an address of this machine: give one of its addresses, e.g. --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every address).`,
      );
    default:
      return undefined;
  }
}

async function serveOneProcess(options: ServeOptions) {
  scavengeOnServingThread();
  const isWorker = !cluster.isPrimary;
  const [{ API_VERSION }, { startApiServer }, { perAddressShare }] = await Promise.all([
    import('../core/service.js'),
    import('../core/api/server.js'),
    import('../core/api/connection-limits.js'),
  ]);
  const service = await openService({
    dataDir: options.data,
    importSample: !isWorker,
    store: options.store,
    storeRead: options.storeRead,
    processes: options.workers ?? 1,
  });
  let server: Awaited<ReturnType<typeof startApiServer>>;
  try {
    server = await startApiServer({
      service,
      host: options.host,
      port: options.port,
      staticDir: options.static ?? appFile('renderer'),
      basemapFile: options.basemap && path.resolve(options.basemap),
      logger: options.log ?? false,
      auth: options.auth ?? 'keys',
      freeTier: options.freePerIp ? { perIpDaily: options.freePerIp } : undefined,
      appSession: options.appSession,
      corsOrigins: options.corsOrigin,
      trustedProxies: options.trustProxy,
      // A worker of `serve --workers N` keeps its share of the per-address bound (connection-limits.ts).
      limits: isWorker ? { perAddress: perAddressShare(options.workers ?? 1) } : undefined,
    });
  } catch (error) {
    service.close();
    throw listenRefusal(error, options) ?? error;
  }
  const statusSeconds = options.statusInterval ?? 300;
  // The status page's checks: every process answering /api/status keeps its own (one request per source per interval).
  if (statusSeconds > 0) service.startStatusChecks(Math.max(10, statusSeconds) * 1000);
  if (isWorker) {
    process.send?.({ url: server.url });
  } else {
    const { parcels } = service.status();
    console.log(`Catastro API ${API_VERSION}: ${parcels} parcels in ${options.data}`);
    console.log(`Listening on ${server.url}`);
  }
  const stop = async () => {
    await server.close();
    service.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

// Each command imports the service, the server or an importer when it runs, not before: loading
// them all takes about 2 s, and `catastro --help` or `--version` needs none of them.
export function buildProgram(): Command {
  // Before the sub-commands are made: `.command()` copies its parent's output settings.
  const program = printUsageRefusalsAsFailures(new Command('catastro'))
    .description('Catastro Desktop: cadastral parcels from a local copy and the official sources')
    .version(APP_VERSION);

  const serveOptions = (command: Command) =>
    command
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option('--port <port>', 'port (0 = any free port)', wholeNumber(0, 65535), 8787)
      .option('--data <dir>', 'folder of the local copy', defaultDataDir)
      .option('--static <dir>', 'built renderer to serve at / (a folder holding index.html)', staticFolder)
      .option('--basemap <file>', 'offline basemap (PMTiles, e.g. an OpenStreetMap extract) the app shows as background', basemapArgument)
      .addOption(new Option('--log', 'log every request'));

  // `start` has neither: its browser fallback is one process, and the desktop app checks the sources on its own schedule.
  serveOptions(program.command('serve').description('start the HTTP API (and the browser app when built)'))
    .option('--workers <n>', 'processes sharing the port', wholeNumber(1, MAX_WORKERS), 1)
    .option('--status-interval <seconds>', "seconds between the status page's checks of every source (0 = off)", wholeNumber(0), 300)
    .addOption(
      new Option('--auth <mode>', 'keys: X-API-Key required with quotas (create keys with `catastro keys create`); off: trusted local use')
        .choices(['keys', 'off'])
        .default('keys'),
    )
    .option('--free-per-ip <n>', 'admit calls without a key, up to n per IP per day (free tier)', wholeNumber(1))
    .option(
      '--cors-origin <origin>',
      'let web pages of this origin call the API with their key (exact, as the browser sends it: https://maps.example.org; repeat for more; * for any page, refused with --auth off or --free-per-ip). Off by default: no CORS headers',
      corsOrigin,
    )
    .option(
      '--trust-proxy <address>',
      "a reverse proxy in front of this server (IP address or network, e.g. 10.0.0.5 or 10.0.0.0/24; repeat for more): from it the caller's address is read from X-Forwarded-For, for --free-per-ip, and its connections are not bounded per address. Off by default: the connection's address is the caller's",
      trustedProxy,
    )
    .addOption(storeOption())
    .addOption(teamStoreReadOption())
    .action(async (options: ServeOptions) => {
      // Before any process starts (with --workers each would refuse it on its own).
      const wildcardRefused = corsWildcardRefusal(options.corsOrigin ?? [], { auth: options.auth ?? 'keys', freeTier: options.freePerIp });
      if (wildcardRefused) throw validationError(wildcardRefused);
      const proxiesRefused = trustedProxiesRefusal(options.trustProxy ?? []);
      if (proxiesRefused) throw validationError(proxiesRefused);
      if (options.storeRead && !options.store)
        throw validationError('--store-read names a replica of the team database given with --store (or CATASTRO_STORE): give both.');
      await serve(options);
    });

  serveOptions(program.command('start').description('run the app: Electron when its binary is installed, else the same app in your browser')).action(
    async (options) => {
      // The browser app has no keys: on another address than this machine's own, anyone on the
      // network would drive it (imports, batches, offline areas). `serve` is what serves others.
      // Loaded here: protocol-refusals.ts brings node:http, start-up time of every other command.
      const { isLoopbackHost } = await import('../core/api/protocol-refusals.js');
      if (!isLoopbackHost(options.host)) {
        throw validationError(
          `catastro start serves the app without keys, to this machine only: --host ${options.host} would open it to the network. Give --host 127.0.0.1 (the default), or use catastro serve, whose calls need keys.`,
        );
      }
      const { startApp } = await import('./start.js');
      // The app's own local server: the desktop user is trusted (DESIGN.md), no keys. What changes
      // the data folder (offline areas, imports of picked files) needs the session token given in the app's address, so no
      // other page or local user reaching the port can (CATASTRO_APP_SESSION: a fixed one, for tests).
      const appSession = process.env.CATASTRO_APP_SESSION || randomBytes(24).toString('base64url');
      await startApp(options, async () => {
        const server = await serveOneProcess({ ...options, auth: 'off', appSession });
        return `${server.url}/#session=${appSession}`;
      });
    },
  );

  program
    .command('import')
    .summary("import cadastral files (Spain's INSPIRE and CAT files, France, the Netherlands, Poland, Denmark, England and Wales) into the local copy")
    .description(
      "import cadastral files into the local copy: Catastro INSPIRE GML (parcels, buildings, addresses) and the zips the Catastro publishes (A.ES.SDGC.CP/BU/AD.NNNNN.zip), CAT files, France's Etalab parcels (cadastre-NNNNN-parcelles.json.gz), the Netherlands' DKK GML, Poland's EGiB GML, Denmark's MAT register (zip) and HM Land Registry's INSPIRE Index Polygons (England and Wales, <authority>.zip); each file is known by its content, not its name",
    )
    .argument('<files...>', 'files: .zip, .gml, .gml.gz, .json, .json.gz or .cat (the kinds above)')
    .option('--data <dir>', 'folder of the local copy', defaultDataDir)
    .addOption(storeOption())
    .action(async (files: string[], options: { data: string; store?: string }) => {
      const { runImportCommand } = await import('./import-command.js');
      process.exitCode = await runImportCommand(files, { dataDir: options.data, store: options.store });
    });

  const downloadOptions = (command: Command) =>
    command
      .option('--data <dir>', 'folder of the local copy', defaultDataDir)
      .option('--no-buildings', 'parcels only (skip the buildings zips: use, year, units)')
      .option(
        '--base-url <url>',
        "root of the Catastro INSPIRE ATOM service (default: the official https service, or $CATASTRO_ES_ATOM_URL); with --country FR, root of Etalab's cadastre GeoJSON (default https://cadastre.data.gouv.fr/data/etalab-cadastre/latest/geojson, or $CATASTRO_FR_ETALAB_URL)",
      );

  downloadOptions(
    program
      .command('download')
      .description(
        "make an area available offline: the Catastro INSPIRE ATOM zips of municipalities (by name or code), whole provinces or a map view, downloaded (resumable, checked) and imported. The Basque Country and Navarre are not in that service. With --country FR, Etalab's parcels files of communes or départements.",
      )
      .argument(
        '[municipalities...]',
        'municipality names or 5-digit codes; with --country FR, communes or départements (names or INSEE codes, e.g. Épinay-sur-Orge, 91216, Essonne, 91)',
      )
      .option('--country <code>', "ES (the Catastro, default) or FR (Etalab's cadastre files by commune or département)", 'ES')
      .option('--province <provinces...>', 'every municipality of these provinces (2-digit code or name); with --country FR, départements (code or name)')
      .option(
        '--bbox <west,south,east,north>',
        'the municipalities in this view (degrees); with --country FR, the communes whose outline meets it (found with geo.api.gouv.fr, or $CATASTRO_FR_GEO_API_URL)',
      ),
  ).action(async (municipalities: string[], options) => {
    const { runDownloadCommand } = await import('./download-command.js');
    process.exitCode = await runDownloadCommand(municipalities, options);
  });

  downloadOptions(
    program
      .command('areas')
      .description('offline areas the copy holds: list (area, source, date), update (fetch anew) or remove')
      .argument('[action]', 'list | update | remove', 'list')
      .argument('[ids...]', 'area ids as listed (e.g. ES.40146); update without ids or with "all" updates every area'),
  ).action(async (action: string, ids: string[], options) => {
    const { runAreasCommand } = await import('./download-command.js');
    process.exitCode = await runAreasCommand(action, ids, options);
  });

  program
    .command('import-layers')
    .description(
      'import hazard layers for the analyses: protected areas, Natura 2000 or a national register (GeoJSON, .geojson.gz, shapefile, GeoPackage), and EGMS ground-motion tiles (zip)',
    )
    .option('--protected-areas <files...>', 'Natura 2000 (EEA fields) or regional layers (Madrid ZEPA/ZEC detected)')
    .option(
      '--designated-areas <files...>',
      'national designated-areas register (e.g. CDDA); needs --code-field, --name-field and --designation-field or --designation',
    )
    .option('--code-field <field>', 'national layers: field holding the site code')
    .option('--name-field <field>', 'national layers: field holding the site name')
    .addOption(new Option('--designation-field <field>', 'national layers: field holding the designation').conflicts('designation'))
    .option('--designation <text>', 'national layers: one designation for every site of the layer')
    .option('--country <code>', 'national layers: country of the sites (default: the first two letters of each site code)')
    .option('--source-name <text>', 'area layers: source shown in the terrain result (default: known layouts name theirs, else the file name)')
    .option('--source-license <text>', 'area layers: licence of the source (default: known layouts state theirs, else "not stated")')
    .option('--source-edition <text>', 'area layers: edition or release, e.g. "end 2023" (default: "imported YYYY-MM-DD")')
    .option('--layer <name>', 'GeoPackage feature table to import (default: every feature table)')
    .option('--ground-motion <files...>', 'EGMS L3 ortho 100 m zips (U and E components)')
    .option('--data <dir>', 'folder of the local copy', defaultDataDir)
    .action(async (options: LayerImportOptions) => {
      const { runLayerImport } = await import('./layer-import-command.js');
      process.exitCode = await runLayerImport(options);
    });

  program
    .command('batch')
    .description('look up every row of a CSV (references, or latitude/longitude) and write the parcels found; an interrupted batch resumes')
    .argument('<input>', 'CSV with a header row (comma, semicolon or tab separated)')
    .requiredOption('-o, --output <file>', 'output: .csv, .geojson, .gpkg (GeoPackage) or .kml')
    .option('--reference-column <name>', 'column holding the cadastral reference (default: detected)')
    .option('--latitude-column <name>', 'column holding the latitude (default: detected)')
    .option('--longitude-column <name>', 'column holding the longitude (default: detected)')
    .option('--country-column <name>', 'column holding the country code (default: detected)')
    .option('--country <code>', 'country of rows without one (default: detected from the reference, else ES)')
    .option('--concurrency <n>', 'rows asked at once', wholeNumber(1, 64), 4)
    .option('--pace <ms>', 'least time between two requests to one live source', wholeNumber(0), BATCH_PACE.intervalMs)
    .option('--lang <language>', `language of the rows' reasons: ${OUTPUT_LANGUAGES.join(', ')}`, outputLanguageArgument, DEFAULT_OUTPUT_LANGUAGE)
    .option('--data <dir>', 'folder of the local copy', defaultDataDir)
    .action(async (input: string, options: BatchCommandOptions & { data: string; pace: number }) => {
      const { runBatchCommand } = await import('./batch-command.js');
      // Polite to the official sources as every batch is (BATCH_PACE): two requests at a time per source, spaced by --pace.
      const service = await openService({ dataDir: options.data, upstream: { batchIntervalMs: options.pace } });
      try {
        process.exitCode = await runBatchCommand(input, options, service);
      } finally {
        service.close();
      }
    });

  program
    .command('report')
    .description('write the one-page A4 PDF report of a parcel (map with neighbours, fields, outline, units, analyses at hand)')
    .argument('<refcat>', 'cadastral reference')
    .requiredOption('-o, --output <file>', 'PDF file to write')
    .option('--country <code>', 'country of the reference (default: detected)')
    .option('--lang <language>', `language of the report: ${OUTPUT_LANGUAGES.join(', ')}`, outputLanguageArgument, DEFAULT_OUTPUT_LANGUAGE)
    .option('--data <dir>', 'folder of the local copy', defaultDataDir)
    .action(async (refcat: string, options: { output: string; country?: string; lang: string; data: string }) => {
      const [{ writeFile }, { checkOutputFile }] = await Promise.all([import('node:fs/promises'), import('../core/file-checks.js')]);
      // Before the report is made (sources asked, map drawn): a typo in -o is said at once.
      checkOutputFile(options.output);
      const service = await openService({ dataDir: options.data });
      try {
        await writeFile(options.output, await service.parcelReport(refcat, options.country, undefined, options.lang));
        console.log(`Report of ${refcat} written to ${options.output}.`);
      } catch (error) {
        console.error(failureLine(error, options.output));
        process.exitCode = 1;
      } finally {
        service.close();
      }
    });

  program.addCommand(keysCommand(defaultDataDir));
  program.addCommand(sourcesCommand());

  return program;
}

const shownCommandLine = commandLineWithoutPasswords(process.argv);
if (shownCommandLine) process.title = shownCommandLine;

try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  // A refusal the user can act on (bad input, a source or the team database down) is one line
  // with its code; anything else is a bug and keeps its stack for the report.
  if (!isServiceError(error)) throw error;
  if (cluster.isWorker && process.send) {
    // A worker of `serve --workers` hands its refusal to the primary, which says it once for all.
    process.send({ refusal: failureLine(error) }, undefined, undefined, () => process.exit(1));
  } else {
    console.error(failureLine(error));
    process.exit(1);
  }
}
