import type { AppUpdater } from 'electron-updater';
import type { BusyKind, BusyWork } from './busy-work.js';

/**
 * The desktop app's update decisions over electron-updater (its feed reader, version comparison,
 * download and sha512 check do the work; this module says what they mean to the user and when an
 * install may happen). No Electron import: the main process passes electron-updater's updater for
 * the running platform, the tests a real one on a Node HTTP client and a local feed.
 */

/** What electron-updater's updater offers that these decisions use. */
export type Updater = Pick<AppUpdater, 'checkForUpdates' | 'downloadUpdate' | 'quitAndInstall' | 'autoDownload' | 'autoInstallOnAppQuit' | 'currentVersion'>;

export type UpdateCheck =
  | { state: 'available'; version: string; current: string }
  | { state: 'current'; current: string }
  /** No answer from the feed (no network, a proxy, the host down): said calmly, nothing changed. */
  | { state: 'could-not-check'; message: string };

export type UpdateDownload =
  | { state: 'ready'; version: string }
  /** The file did not match the feed's sha512: electron-updater deleted it; nothing will be installed. */
  | { state: 'refused'; message: string }
  | { state: 'failed'; message: string };

export type UpdateInstall = { state: 'installing' } | { state: 'deferred'; message: string } | { state: 'nothing-downloaded' };

const BUSY_WORDS: Record<BusyKind, string> = { import: 'an import', download: 'an offline download' };

export class DesktopUpdates {
  /** The version the last check found, then the one downloaded and verified. */
  private found: string | undefined;
  private downloaded: string | undefined;

  constructor(
    private readonly updater: Updater,
    private readonly busy: BusyWork,
  ) {
    // Downloads start when the user says so; an install happens only through install() or at quit.
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = true;
  }

  async check(): Promise<UpdateCheck> {
    const current = this.updater.currentVersion.version;
    try {
      const result = await this.updater.checkForUpdates();
      this.found = result?.isUpdateAvailable ? result.updateInfo.version : undefined;
      return this.found ? { state: 'available', version: this.found, current } : { state: 'current', current };
    } catch (error) {
      return { state: 'could-not-check', message: `Could not check for updates (${reasonOf(error)}). Catastro Desktop works as before; try again later.` };
    }
  }

  /** Downloads the version the last check found; electron-updater checks its sha512 against the feed. */
  async download(): Promise<UpdateDownload> {
    const version = this.found;
    if (!version) return { state: 'failed', message: 'No newer version was found to download; check for updates first.' };
    try {
      await this.updater.downloadUpdate();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_CHECKSUM_MISMATCH') {
        return { state: 'refused', message: 'The downloaded update did not match its published checksum, so it was deleted and will not be installed.' };
      }
      return { state: 'failed', message: `The update could not be downloaded (${reasonOf(error)}). Nothing was changed.` };
    }
    this.downloaded = version;
    return { state: 'ready', version };
  }

  /** Restarts into the downloaded version, unless an import or a download is running. */
  install(): UpdateInstall {
    if (!this.downloaded) return { state: 'nothing-downloaded' };
    const running = this.busy.running();
    if (running.length > 0) {
      return {
        state: 'deferred',
        message: `Not now: ${running.map((kind) => BUSY_WORDS[kind]).join(' and ')} is running. The update is installed when you quit Catastro Desktop.`,
      };
    }
    this.updater.quitAndInstall();
    return { state: 'installing' };
  }
}

/** A network error's code or first line: "ECONNREFUSED", "net::ERR_INTERNET_DISCONNECTED", "HttpError: 404 …". */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return `no connection to the update server: ${code}`;
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].slice(0, 200);
}
