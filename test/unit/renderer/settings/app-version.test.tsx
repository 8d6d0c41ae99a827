// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { SettingsDialog } from '../../../../renderer/settings/SettingsDialog.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { version } from '../../../../package.json';

afterEach(cleanup);

it('Settings shows the version of package.json, as the About box and `catastro --version` do', () => {
  useAppStore.setState({ settingsOpen: true });
  render(
    <ClientContext.Provider value={{ kind: 'http' } as unknown as CatastroClient}>
      <SettingsDialog />
    </ClientContext.Provider>,
  );
  expect(screen.getByTestId('app-version').textContent).toBe(`Catastro Desktop, version ${version}`);
});
