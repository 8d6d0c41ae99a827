import { render } from '@testing-library/react';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { SettingsDialog } from '../../../../renderer/settings/SettingsDialog.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { ClientContext } from '../../../../renderer/ui/client-context.js';

/** The browser app's client: the server chooses the store and the sources, so Settings offers no desktop setting. */
export const BROWSER_CLIENT = { kind: 'http' } as unknown as CatastroClient;

/** The desktop client as the preload gives it: the local HTTP API off, and the main process's settings played by `desktop`. */
export const desktopClientWith = (desktop: Record<string, unknown>): CatastroClient =>
  ({ kind: 'ipc', desktop: { setLocalApi: async () => ({ url: null }), ...desktop } }) as unknown as CatastroClient;

/** Renders the Settings dialog, open, talking to `client`. */
export function renderOpenSettings(client: CatastroClient) {
  useAppStore.setState({ settingsOpen: true });
  return render(
    <ClientContext.Provider value={client}>
      <SettingsDialog />
    </ClientContext.Provider>,
  );
}
