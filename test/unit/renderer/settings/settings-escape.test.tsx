// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { SettingsDialog } from '../../../../renderer/settings/SettingsDialog.js';
import { useAppStore } from '../../../../renderer/state/store.js';

afterEach(cleanup);

function renderOpenSettings() {
  useAppStore.setState({ settingsOpen: true });
  render(
    <ClientContext.Provider value={{ kind: 'http' } as unknown as CatastroClient}>
      <SettingsDialog />
    </ClientContext.Provider>,
  );
}

it('Escape typed in a text field of Settings closes it, as every other dialog (WAI-ARIA dialog pattern)', () => {
  renderOpenSettings();
  const field = screen.getByRole('dialog').querySelector('input')!;
  expect(field).not.toBeNull();
  field.focus();
  fireEvent.keyDown(field, { key: 'Escape' });
  expect(useAppStore.getState().settingsOpen).toBe(false);
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('a key other than Escape in a field leaves Settings open', () => {
  renderOpenSettings();
  const field = screen.getByRole('dialog').querySelector('input')!;
  fireEvent.keyDown(field, { key: 'a' });
  expect(useAppStore.getState().settingsOpen).toBe(true);
});
