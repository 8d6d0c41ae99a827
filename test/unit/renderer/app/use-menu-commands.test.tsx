// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import type { DesktopApi, MenuCommand } from '../../../../renderer/client/desktop-api.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { useMenuCommands } from '../../../../renderer/app/use-menu-commands.js';

afterEach(() => {
  cleanup();
  delete window.catastro;
});

describe('useMenuCommands', () => {
  it('File → Import hazard layers → each kind opens the dialog of that kind', async () => {
    let send: (command: MenuCommand) => void = () => undefined;
    window.catastro = {
      on: (_event: string, listener: (command: MenuCommand) => void) => {
        send = listener;
      },
    } as unknown as DesktopApi;
    const pickLayerFiles = vi.fn(async () => null);
    renderHook(() => useMenuCommands({ kind: 'ipc', desktop: {}, layers: { pick: pickLayerFiles } } as unknown as CatastroClient));
    send('import-protected-areas');
    send('import-ground-motion');
    send('import-designated-areas');
    await waitFor(() => expect(pickLayerFiles.mock.calls).toEqual([['protected-areas'], ['ground-motion'], ['designated-areas']]));
    expect(useAppStore.getState().layerImport.status).toBe('idle');
  });
});
