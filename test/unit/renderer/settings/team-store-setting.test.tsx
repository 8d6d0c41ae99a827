// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { TeamStoreView } from '../../../../core/model/index.js';
import { ClientError, type CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { BROWSER_CLIENT, desktopClientWith, renderOpenSettings } from './open-settings.js';

afterEach(cleanup);

const PASSWORD = 's3cret-pw';

/** The desktop client as the preload gives it, with the main process's answers (electron/team-store-setting.ts) played by hand. */
function desktopClient(calls: (string | null)[]): CatastroClient {
  let view: TeamStoreView = { store: 'sqlite', fromEnvironment: false };
  return desktopClientWith({
    teamStore: async () => view,
    setTeamStore: async (url: string | null) => {
      calls.push(url);
      if (url?.includes('down.example')) {
        throw new ClientError(
          503,
          'SERVICE_UNAVAILABLE',
          'The team database down.example:5432/catastro does not answer (getaddrinfo ENOTFOUND down.example); try again when it is back.',
        );
      }
      view = url
        ? { store: 'postgres', url: 'postgres://team@db.example:5432/catastro', where: 'db.example:5432/catastro', fromEnvironment: false }
        : { store: 'sqlite', fromEnvironment: false };
      return view;
    },
  });
}

it('desktop: switches to the team database, shows where it is (never the password), says clearly when one does not answer, and goes back', async () => {
  const calls: (string | null)[] = [];
  renderOpenSettings(desktopClient(calls));
  expect((await screen.findByTestId('team-store-current')).textContent).toBe("Working on this computer's copy (SQLite).");

  const field = screen.getByTestId('team-store-url') as HTMLInputElement;
  fireEvent.change(field, { target: { value: `postgres://team:${PASSWORD}@db.example:5432/catastro` } });
  fireEvent.click(screen.getByRole('button', { name: 'Use team store' }));
  expect(await screen.findByText('db.example:5432/catastro')).toBeTruthy();
  expect(screen.getByTestId('team-store-current').textContent).toBe('Working on the team database db.example:5432/catastro.');
  expect(field.value).toBe('');
  expect(document.body.textContent).not.toContain(PASSWORD);

  fireEvent.change(field, { target: { value: `postgres://team:${PASSWORD}@down.example:5432/catastro` } });
  fireEvent.click(screen.getByRole('button', { name: 'Use team store' }));
  expect((await screen.findByTestId('team-store-error')).textContent).toBe(
    'The team store could not be opened: The team database down.example:5432/catastro does not answer (getaddrinfo ENOTFOUND down.example); try again when it is back.',
  );
  expect(screen.getByTestId('team-store-current').textContent).toContain('db.example:5432/catastro');

  fireEvent.click(screen.getByRole('button', { name: "Use this computer's copy" }));
  expect(await screen.findByText("Working on this computer's copy (SQLite).")).toBeTruthy();
  expect(calls).toEqual([`postgres://team:${PASSWORD}@db.example:5432/catastro`, `postgres://team:${PASSWORD}@down.example:5432/catastro`, null]);
});

it('browser: says the server chooses the store, with no field', () => {
  renderOpenSettings(BROWSER_CLIENT);
  expect(screen.getByTestId('team-store-server').textContent).toContain('catastro serve --store postgres://…');
  expect(screen.queryByTestId('team-store-url')).toBeNull();
});
