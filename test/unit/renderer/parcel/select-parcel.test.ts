// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientError } from '../../../../renderer/client/catastro-client.js';
import { selectParcelAt } from '../../../../renderer/parcel/select-parcel.js';
import { USelection } from '../../../../renderer/state/selection.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { fakeClient } from '../../../helpers/fake-client.js';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));

describe('selectParcelAt (item 5)', () => {
  it('a click between drawn parcels says "public land" under the search box without asking the service, and drops the previous parcel', async () => {
    useAppStore.getState().select(USelection.single('40146A00405051'));
    const parcelAtPoint = vi.fn();
    const client = fakeClient({ parcelAtPoint, parcel: vi.fn() });
    await selectParcelAt(client, { latitude: 41.0612, longitude: -4.4686, parcel: null, betweenParcels: true }, true);
    expect(parcelAtPoint).not.toHaveBeenCalled();
    const { error, selection, searchText } = useAppStore.getState();
    expect(error).toMatchObject({ place: 'search', message: expect.stringContaining('public land have no cadastral parcel') });
    expect(selection).toEqual(USelection.none());
    expect(searchText).toBe('41.061200, -4.468600');
  });

  it('a failed point lookup offline shows a calm message, the raw text only as details', async () => {
    useAppStore.getState().setConnectivity('offline');
    const client = fakeClient({
      parcelAtPoint: vi.fn(async () => {
        throw new ClientError(
          503,
          'SERVICE_UNAVAILABLE',
          'Catastro OVC does not answer; retry later (connection failed: getaddrinfo ENOTFOUND ovc.catastro.meh.es).',
        );
      }),
    });
    await selectParcelAt(client, { latitude: 41.0612, longitude: -4.4686, parcel: null });
    const error = useAppStore.getState().error!;
    expect(error.place).toBe('search');
    expect(`${error.title} ${error.message} ${error.advice}`).not.toMatch(/getaddrinfo|ENOTFOUND|meh\.es/);
    expect(error.message).toContain('you are offline');
    expect(error.details).toContain('ENOTFOUND');
  });

  it('a point where the Catastro records no parcel (its code 16) keeps its words and advises about the point, not about a reference', async () => {
    const client = fakeClient({
      parcelAtPoint: vi.fn(async () => {
        throw new ClientError(
          404,
          'NOT_FOUND',
          'The point 40.68135449476449, -3.596441650390858 was not found; the Catastro says: PARA ESAS COORDENADAS NO HAY REFERENCIA DISPONIBLE (code 16).',
        );
      }),
    });
    await selectParcelAt(client, { latitude: 40.681354, longitude: -3.596442, parcel: null }, true);
    const error = useAppStore.getState().error!;
    expect(error.title).toBe('No parcel found at 40.681354, -3.596442');
    expect(error.message).toContain('NO HAY REFERENCIA DISPONIBLE');
    expect(error.advice).not.toMatch(/reference/i);
    expect(error.advice).toContain('public land');
  });
});
