import path from 'node:path';
import type { AccessLocation, CadastralStore } from './cadastral-store.js';
import type { ImportFormats } from './import-formats.js';
import { ParcelStore } from './parcel-store.js';
import { isPostgresUrl } from './postgres/store-url.js';
import { ensureSampleImported } from './sample.js';

/** The embedded copy's file in a data folder. */
export const COPY_FILE = 'catastro.sqlite';

export interface OpenStoreOptions {
  /** The data folder: the embedded copy's file, or with a team store what stays local. */
  dataDir: string;
  /** `postgres://…` of a team database; otherwise the embedded copy is the store. */
  team?: string;
  /** `postgres://…` of a streaming replica of the team database, where lookups read. */
  teamRead?: string;
  /** Server processes sharing this machine's cores (`serve --workers`): a team store's pool is sized to them. */
  processes?: number;
  /**
   * With a team store, whether the data folder's embedded file is opened (and made) beside it for
   * what stays local; without it a throwaway in-memory copy stands in: a team import writes only
   * to the database. The embedded copy is always opened when it is the store.
   */
  localCopy?: boolean;
  /** Bundled sample files imported into the embedded copy on first run (never into a team database). */
  sample?: { resourcesDir: string; formats: ImportFormats };
}

/**
 * The one store the core reads and writes: the data folder's embedded SQLite copy, or a team
 * PostgreSQL/PostGIS database with the embedded file beside it for what stays local
 * (CadastralStore.local). The only place that picks an engine.
 */
export async function openCadastralStore(options: OpenStoreOptions): Promise<CadastralStore> {
  const openLocal = () => ParcelStore.open(path.join(options.dataDir, COPY_FILE));
  if (isPostgresUrl(options.team)) {
    // Loaded only here: pg and its dependencies are start-up time a desktop copy never uses.
    const { PostgisStore } = await import('./postgres/postgis-store.js');
    const local = options.localCopy === false ? undefined : openLocal();
    return PostgisStore.open(options.team, { local, readUrl: options.teamRead, processes: options.processes });
  }
  const local = openLocal();
  try {
    if (options.sample) await ensureSampleImported(local, options.sample.resourcesDir, options.sample.formats);
  } catch (error) {
    local.close();
    throw error;
  }
  return local;
}

/**
 * Where the API keys of a data folder or of a team database are kept (CadastralStore.accessLocation),
 * opened without the parcels' store: the `keys` command touches the keys alone. A team database is
 * migrated first, as opening its store would; `close` ends what was opened here.
 */
export async function openAccessLocation(options: { dataDir: string; team?: string }): Promise<{ location: AccessLocation; close(): Promise<void> }> {
  if (!isPostgresUrl(options.team)) return { location: { dataDir: options.dataDir }, close: async () => {} };
  // Loaded only here, as in openCadastralStore: pg is start-up time a desktop copy never uses.
  const { PgConnection } = await import('./postgres/connection.js');
  const database = new PgConnection(options.team, { max: 1 });
  try {
    await database.migrate();
  } catch (error) {
    await database.end();
    throw error;
  }
  return { location: { database }, close: () => database.end() };
}
