// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { useAppStore } from '../../../../renderer/state/store.js';
import { BROWSER_CLIENT, renderOpenSettings } from './open-settings.js';

afterEach(cleanup);

it('Escape typed in a text field of Settings closes it, as every other dialog (WAI-ARIA dialog pattern)', () => {
  renderOpenSettings(BROWSER_CLIENT);
  const field = screen.getByRole('dialog').querySelector('input')!;
  expect(field).not.toBeNull();
  field.focus();
  fireEvent.keyDown(field, { key: 'Escape' });
  expect(useAppStore.getState().settingsOpen).toBe(false);
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('a key other than Escape in a field leaves Settings open', () => {
  renderOpenSettings(BROWSER_CLIENT);
  const field = screen.getByRole('dialog').querySelector('input')!;
  fireEvent.keyDown(field, { key: 'a' });
  expect(useAppStore.getState().settingsOpen).toBe(true);
});
