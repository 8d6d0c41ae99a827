// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { DatafordelerKeyView } from '../../../../core/model/index.js';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { desktopClientWith, renderOpenSettings } from './open-settings.js';

afterEach(cleanup);

const KEY = 'dF-9c1e7Qk2zT8pLw';

/** The desktop client as the preload gives it, the main process (electron/datafordeler-key-setting.ts) played by hand. */
function desktopClient(calls: (string | null)[], canStore = true): CatastroClient {
  let view: DatafordelerKeyView = { configured: false, fromEnvironment: false, canStore };
  return desktopClientWith({
    datafordelerKey: async () => view,
    setDatafordelerKey: async (key: string | null) => {
      calls.push(key);
      view = { ...view, configured: key !== null };
      return view;
    },
  });
}

it('desktop: says Danish lookups need the key, saves it from a password field and never shows it, and removes it', async () => {
  const calls: (string | null)[] = [];
  renderOpenSettings(desktopClient(calls));
  expect((await screen.findByTestId('datafordeler-key-current')).textContent).toBe('No key is set: Danish lookups are unavailable.');
  const field = screen.getByTestId('datafordeler-key-input') as HTMLInputElement;
  expect(field.type).toBe('password');
  fireEvent.change(field, { target: { value: KEY } });
  fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
  expect(await screen.findByText('A key is set.')).toBeTruthy();
  expect(field.value).toBe('');
  expect(document.body.textContent).not.toContain(KEY);
  fireEvent.click(screen.getByRole('button', { name: 'Remove key' }));
  expect(await screen.findByText('No key is set: Danish lookups are unavailable.')).toBeTruthy();
  expect(calls).toEqual([KEY, null]);
});

it('desktop without encrypted storage: no field, and what to do instead', async () => {
  renderOpenSettings(desktopClient([], false));
  expect((await screen.findByTestId('datafordeler-key-no-storage')).textContent).toMatch(/CATASTRO_DK_DATAFORDELER_API_KEY/);
  expect(screen.queryByTestId('datafordeler-key-input')).toBeNull();
});
