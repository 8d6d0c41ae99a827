import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHELL_LANGUAGE_FILE, ShellLanguageSetting } from '../../../core/desktop/shell-language-setting.js';
import { SHELL_TEXT, shellLanguage } from '../../../core/desktop/shell-text/index.js';
import { BusyWork } from '../../../core/desktop/busy-work.js';
import { OUTPUT_LANGUAGES } from '../../../core/model/index.js';
import { CatastroService } from '../../../core/service.js';
import { buildAppMenu } from '../../../electron/app-menu.js';
import { AppUpdates } from '../../../electron/app-updates.js';
import { IpcChannel } from '../../../electron/ipc-channels.js';
import { setupAppIpc } from '../../helpers/app-ipc.js';
import { fakeWebContents, invokeFrom } from '../../helpers/ipc-recorder.js';

/**
 * The desktop shell (menus, native dialogs) in the language chosen in Settings, else the system's:
 * `electron` replaced by a recorder of the menu template, the dialogs' options and ipcMain handlers.
 */
const electron = vi.hoisted(() => ({
  dialogs: [] as Record<string, unknown>[],
  systemLanguages: ['fr-FR', 'en-US'],
}));
vi.mock('electron', async () => ({
  app: { isPackaged: false, getPreferredSystemLanguages: () => electron.systemLanguages, getLocale: () => 'en-US' },
  Menu: { buildFromTemplate: (template: unknown) => template },
  shell: {},
  ipcMain: (await import('../../helpers/ipc-recorder.js')).recordingIpcMain,
  dialog: {
    showMessageBox: async (options: Record<string, unknown>) => (electron.dialogs.push(options), { response: 1 }),
    showOpenDialog: async (options: Record<string, unknown>) => (electron.dialogs.push(options), { canceled: true, filePaths: [] }),
  },
  BrowserWindow: { fromWebContents: () => null },
}));
vi.mock('electron-updater', () => ({ default: { autoUpdater: {} } }));
vi.mock('../../../electron/app-log.js', () => ({ log: { warn: () => undefined } }));

interface MenuItem {
  label?: string;
  role?: string;
  type?: string;
  submenu?: MenuItem[];
}
const labels = (items: MenuItem[]): (string | undefined)[] =>
  items.flatMap((item) => (item.type === 'separator' ? [] : [item.label, ...labels(item.submenu ?? [])]));

const sender = fakeWebContents();
const invoke = (channel: string, input?: unknown) => invokeFrom(sender, channel, input);

let dir: string;
let service: CatastroService;
let setting: ShellLanguageSetting;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shell-language-'));
  service = await CatastroService.open({ dataDir: dir, importSample: false });
  setting = new ShellLanguageSetting(dir, () => electron.systemLanguages);
  setupAppIpc(service, sender, { shellLanguage: setting });
});
afterAll(() => {
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the shell language', () => {
  it('is the one chosen, else the first shipped system language, else English (as the renderer picks)', () => {
    expect(shellLanguage('de', ['es-ES'])).toBe('de');
    expect(shellLanguage(null, ['ja-JP', 'pt_BR', 'es'])).toBe('pt');
    expect(shellLanguage(null, ['ja-JP'])).toBe('en');
  });

  it('is remembered from Settings over IPC; null follows the system again; another language is refused', async () => {
    expect(setting.language()).toBe('fr'); // never chosen: the system's
    expect(await invoke(IpcChannel.setShellLanguage, { language: 'es' })).toEqual({ ok: true, data: { language: 'es' } });
    expect(new ShellLanguageSetting(dir, () => []).chosen()).toBe('es'); // kept for the next start
    const refused = await invoke(IpcChannel.setShellLanguage, { language: 'xx' });
    expect(refused).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION_ERROR' } });
    expect(setting.chosen()).toBe('es');
    expect(await invoke(IpcChannel.setShellLanguage, { language: null })).toEqual({ ok: true, data: { language: 'fr' } });
    writeFileSync(path.join(dir, SHELL_LANGUAGE_FILE), '{"language": "<script>"');
    expect(setting.language()).toBe('fr'); // a broken file: the system's
  });

  it('names every menu item in each of the 8 languages, the Spanish menu in Spanish', () => {
    for (const language of OUTPUT_LANGUAGES) {
      const template = buildAppMenu({} as never, {} as never, SHELL_TEXT[language]) as unknown as MenuItem[];
      expect(
        labels(template).every((label) => typeof label === 'string' && label.length > 0),
        language,
      ).toBe(true);
    }
    const spanish = buildAppMenu({} as never, {} as never, SHELL_TEXT.es) as unknown as MenuItem[];
    expect(spanish.map((menu) => menu.label)).toEqual(['Archivo', 'Edición', 'Ver', 'Ayuda']);
    expect(labels(spanish)).toContain('Importar ficheros del catastro…');
    expect(labels(spanish)).not.toContain('Import cadastre files…');
  });

  it('words the native dialogs in the chosen language: import, hazard layers, updates', async () => {
    await invoke(IpcChannel.setShellLanguage, { language: 'de' });
    electron.dialogs.length = 0;
    await invoke(IpcChannel.importFiles, {});
    await invoke(IpcChannel.pickLayerFiles, { kind: 'ground-motion' });
    await new AppUpdates(
      new BusyWork(),
      dir,
      () => null,
      () => setting.text(),
    ).check();
    expect(electron.dialogs.map((options) => options.title ?? options.message)).toEqual([
      'Katasterdateien importieren',
      'Bodenbewegung importieren (EGMS-Ortho-L3-Kacheln)',
      'Updates sucht die installierte App',
    ]);
  });
});
