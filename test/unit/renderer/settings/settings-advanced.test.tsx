// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { SettingsDialog } from '../../../../renderer/settings/SettingsDialog.js';
import { useAppStore } from '../../../../renderer/state/store.js';

afterEach(cleanup);

/** The desktop client as the preload gives it: the local API, the team store and the language. */
const desktopClient = {
  kind: 'ipc',
  desktop: {
    setLocalApi: async () => ({ url: null }),
    teamStore: async () => ({ store: 'sqlite', fromEnvironment: false }),
    setTeamStore: async () => ({ store: 'sqlite', fromEnvironment: false }),
  },
} as unknown as CatastroClient;

it("desktop Settings fold the developer options (local HTTP API, team store URL) under a closed 'Advanced'", async () => {
  useAppStore.setState({ settingsOpen: true });
  render(
    <ClientContext.Provider value={desktopClient}>
      <SettingsDialog />
    </ClientContext.Provider>,
  );
  const advanced = screen.getByTestId('settings-advanced') as HTMLDetailsElement;
  expect(advanced.tagName).toBe('DETAILS');
  expect(advanced.open).toBe(false);
  expect(advanced.querySelector('summary')?.textContent).toBe('Advanced');
  expect(advanced.contains(screen.getByRole('heading', { name: 'Local HTTP API', hidden: true }))).toBe(true);
  expect(advanced.contains(await screen.findByTestId('team-store'))).toBe(true);
  // What every user sets stays in sight.
  expect(advanced.contains(screen.getByTestId('language-select'))).toBe(false);
});
