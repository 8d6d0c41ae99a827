import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkInput } from '../core/input.js';
import { isServiceError, messageWithDetail, ServiceError, type TeamStoreView } from '../core/model/index.js';
import { TeamStoreUrl } from '../core/model/input-schemas.js';
import { describeDatabase } from '../core/store/postgres/store-url.js';
import { writePrivateFile } from './private-file.js';

/** File in the app's data folder that keeps the team store chosen in Settings. */
export const TEAM_STORE_FILE = 'team-store.json';

/** The URL without its password (in the authority or as a `password` parameter), for showing back. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.searchParams.delete('password');
    return parsed.toString();
  } catch {
    return url.replace(/(\/\/[^:/@]*):[^@]*@/, '$1@');
  }
}

/** The text with the URL's password replaced, for messages a driver may have built from the URL. */
function scrubbed(text: string, url: string): string {
  let password = '';
  try {
    const parsed = new URL(url);
    password = decodeURIComponent(parsed.password) || (parsed.searchParams.get('password') ?? '');
  } catch {
    // An unparsable URL was refused before any connection.
  }
  return password ? text.split(password).join('•••') : text;
}

/**
 * Settings → Team store of the desktop app: a postgres:// URL kept in the data folder (readable
 * by the user only; the app needs the password to connect), or none for the folder's own SQLite
 * copy. CATASTRO_STORE, when set, wins and cannot be changed from Settings. What the renderer
 * gets back never carries the password.
 */
export class TeamStoreSetting {
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly environment: string | undefined = process.env.CATASTRO_STORE || undefined,
  ) {
    this.file = path.join(dataDir, TEAM_STORE_FILE);
  }

  /** The store to open at start: CATASTRO_STORE, else the saved URL, else undefined (SQLite). */
  current(): string | undefined {
    if (this.environment) return this.environment;
    if (!existsSync(this.file)) return undefined;
    try {
      const saved = (JSON.parse(readFileSync(this.file, 'utf8')) as { url?: unknown }).url;
      return saved === undefined ? undefined : TeamStoreSetting.check(saved);
    } catch {
      return undefined; // an unreadable or edited-by-hand file falls back to the local copy
    }
  }

  view(): TeamStoreView {
    const url = this.current();
    const fromEnvironment = this.environment !== undefined;
    return url ? { store: 'postgres', url: withoutPassword(url), where: describeDatabase(url), fromEnvironment } : { store: 'sqlite', fromEnvironment };
  }

  /** A URL typed in Settings, trimmed; null or '' mean the data folder's SQLite copy. */
  static check(value: unknown): string | undefined {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
    return checkInput(
      TeamStoreUrl,
      typeof value === 'string' ? value.trim() : value,
      () => 'The team store must be a PostgreSQL URL such as postgres://user:password@host:5432/catastro (at most 2048 characters, no spaces).',
    );
  }

  /**
   * Switches to `value` (checked first): `reopen` opens the app on the new store and throws while
   * it does not answer, in which case nothing is saved and the app stays on the store it had.
   */
  async change(value: unknown, reopen: (store: string | undefined) => Promise<void>): Promise<TeamStoreView> {
    if (this.environment) {
      throw new ServiceError('VALIDATION_ERROR', 'The store is set by the CATASTRO_STORE environment variable; unset it to choose the store in Settings.');
    }
    const url = TeamStoreSetting.check(value);
    try {
      await reopen(url);
    } catch (error) {
      if (!url) throw error;
      const where = describeDatabase(url);
      // The desktop user is the operator: which database and why are said here (an HTTP answer keeps them to the log).
      if (isServiceError(error)) throw new ServiceError(error.code, scrubbed(messageWithDetail(error), url));
      throw new ServiceError('VALIDATION_ERROR', `The team database ${where} could not be opened: ${scrubbed((error as Error).message, url)}`);
    }
    this.save(url);
    return this.view();
  }

  private save(url: string | undefined): void {
    if (!url) {
      rmSync(this.file, { force: true });
      return;
    }
    writePrivateFile(this.file, `${JSON.stringify({ url }, null, 2)}\n`);
  }
}
