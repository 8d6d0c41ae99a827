// Help → Check for updates and the automatic checks: electron-updater reading the release feed
// (app-update.yml, written by electron-builder from electron-builder.yml `publish`), the decisions
// in core/desktop/updates.ts, the questions to the user here.
import { app, dialog, type BrowserWindow } from 'electron';
import electronUpdater from 'electron-updater';
import type { BusyWork } from '../core/desktop/busy-work.js';
import type { ShellText } from '../core/desktop/shell-text/index.js';
import { UpdateSetting } from '../core/desktop/update-setting.js';
import { DesktopUpdates } from '../core/desktop/updates.js';
import { log } from './app-log.js';

/** The first automatic check waits for the start's own work; then one a day. */
const FIRST_CHECK_DELAY_MS = 60_000;
const CHECK_INTERVAL_MS = 24 * 3600_000;

export class AppUpdates {
  readonly setting: UpdateSetting;
  private readonly updates: DesktopUpdates;
  private timer: NodeJS.Timeout | undefined;
  private asking = false;

  constructor(
    busy: BusyWork,
    settingsDir: string,
    private readonly window: () => BrowserWindow | null,
    /** The shell's words now (the language can change while the app runs). */
    private readonly text: () => ShellText,
  ) {
    this.setting = new UpdateSetting(settingsDir);
    const { autoUpdater } = electronUpdater;
    autoUpdater.logger = log;
    this.updates = new DesktopUpdates(autoUpdater, busy);
  }

  /** Automatic checks, unless the user turned them off (or the app runs from a checkout). */
  startAutomaticChecks(): void {
    this.stopAutomaticChecks();
    if (!app.isPackaged || !this.setting.automaticChecks()) return;
    const run = () => void this.check({ quietUnlessFound: true });
    this.timer = setTimeout(() => {
      run();
      this.timer = setInterval(run, CHECK_INTERVAL_MS);
    }, FIRST_CHECK_DELAY_MS);
  }

  stopAutomaticChecks(): void {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    this.timer = undefined;
  }

  setAutomaticChecks(on: boolean): void {
    this.setting.setAutomaticChecks(on);
    if (on) this.startAutomaticChecks();
    else this.stopAutomaticChecks();
  }

  /** Help → Check for updates (says what it found), or an automatic check (speaks only when a version is found). */
  async check({ quietUnlessFound = false } = {}): Promise<void> {
    if (this.asking) return;
    this.asking = true;
    const words = this.text().updates;
    try {
      if (!app.isPackaged) {
        if (!quietUnlessFound) await this.tell('info', words.fromCheckout, words.fromCheckoutDetail);
        return;
      }
      const found = await this.updates.check();
      if (found.state === 'could-not-check') {
        log.warn(found.message);
        if (!quietUnlessFound) await this.tell('info', words.couldNotCheck, found.message);
        return;
      }
      if (found.state === 'current') {
        if (!quietUnlessFound) await this.tell('info', words.upToDate, words.upToDateDetail(found.current));
        return;
      }
      const download = await this.ask(words.available(found.version), words.availableDetail(found.current), [words.download, words.later]);
      if (download !== 0) return;
      const downloaded = await this.updates.download();
      if (downloaded.state !== 'ready') {
        log.warn(downloaded.message);
        await this.tell('warning', words.notInstalled, downloaded.message);
        return;
      }
      const restart = await this.ask(words.ready(downloaded.version), words.readyDetail, [words.restartNow, words.whenIQuit]);
      if (restart !== 0) return;
      const install = this.updates.install();
      if (install.state === 'deferred') await this.tell('info', words.waits, install.message);
    } finally {
      this.asking = false;
    }
  }

  private async ask(message: string, detail: string, buttons: string[]): Promise<number> {
    const options = { type: 'question' as const, message, detail, buttons, defaultId: 0, cancelId: buttons.length - 1 };
    const window = this.window();
    return (window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options)).response;
  }

  private async tell(type: 'info' | 'warning', message: string, detail: string): Promise<void> {
    const window = this.window();
    if (window) await dialog.showMessageBox(window, { type, message, detail });
    else await dialog.showMessageBox({ type, message, detail });
  }
}
