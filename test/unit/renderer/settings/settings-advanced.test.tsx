// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { desktopClientWith, renderOpenSettings } from './open-settings.js';

afterEach(cleanup);

/** The desktop client as the preload gives it: the local API, the team store and the language. */
const desktopClient = desktopClientWith({
  teamStore: async () => ({ store: 'sqlite', fromEnvironment: false }),
  setTeamStore: async () => ({ store: 'sqlite', fromEnvironment: false }),
});

it("desktop Settings fold the developer options (local HTTP API, team store URL) under a closed 'Advanced'", async () => {
  renderOpenSettings(desktopClient);
  const advanced = screen.getByTestId('settings-advanced') as HTMLDetailsElement;
  expect(advanced.tagName).toBe('DETAILS');
  expect(advanced.open).toBe(false);
  expect(advanced.querySelector('summary')?.textContent).toBe('Advanced');
  expect(advanced.contains(screen.getByRole('heading', { name: 'Local HTTP API', hidden: true }))).toBe(true);
  expect(advanced.contains(await screen.findByTestId('team-store'))).toBe(true);
  // What every user sets stays in sight.
  expect(advanced.contains(screen.getByTestId('language-select'))).toBe(false);
});
