import { BusyWork } from '../../core/desktop/busy-work.js';
import type { CatastroService } from '../../core/service.js';
import { setupIpc, type IpcDeps } from '../../electron/ipc-handlers.js';
import type { LocalApi } from '../../electron/local-api.js';
import type { FakeWebContents } from './ipc-recorder.js';

/**
 * The app's IPC handlers (electron/ipc-handlers.ts) over `service`, answering `window`'s main frame
 * only, with no local API or drag icon and a busy tracker of their own; `more` adds the settings.
 * Load it in a test that mocks `electron` (ipc-recorder.ts).
 */
export function setupAppIpc(service: CatastroService, window: FakeWebContents, more: Partial<IpcDeps> = {}): void {
  setupIpc({
    service,
    localApi: {} as LocalApi,
    dragIcon: {} as never,
    busy: new BusyWork(),
    isAppSender: (sender, mainFrame) => mainFrame && sender === (window as never),
    ...more,
  });
}
