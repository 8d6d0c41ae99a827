// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Parcel } from '../../../../core/model/index.js';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { ClientError } from '../../../../renderer/client/catastro-client.js';
import { SigpacUse } from '../../../../renderer/parcel/SigpacUse.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { fakeClient, type OperationFakes } from '../../../helpers/fake-client.js';

const initial = useAppStore.getState();
beforeEach(() => {
  useAppStore.setState(initial, true);
  // The basemap's host does not answer (a proxy blocking OpenStreetMap): the badge says offline.
  useAppStore.getState().setConnectivity('offline');
});
afterEach(cleanup);

const rustic = { refCatastral: '40146A00405051', pais: 'ES', clase: 'Rústico' } as Parcel;
const renderWith = (analysis: NonNullable<OperationFakes['analysis']>) =>
  render(
    <ClientContext.Provider value={fakeClient({ analysis })}>
      <SigpacUse parcel={rustic} />
    </ClientContext.Provider>,
  );

// It said "needs a connection" without asking whenever the basemap probe failed, so a user behind
// a proxy that blocks the map tiles never got the SIGPAC use the service could read.
describe('the SIGPAC use of a rustic parcel', () => {
  it('is asked of the service even when the basemap says offline, and shown when it answers', async () => {
    const analysis = vi.fn(async () => ({ agro: { uso_suelo: 'TA', cultivo_principal: 'sin cultivo' } }) as never);
    renderWith(analysis);
    expect(await screen.findByText('TA')).toBeTruthy();
    expect(analysis).toHaveBeenCalledWith({ kind: 'agro', refcat: '40146A00405051', country: 'ES' });
    expect(screen.queryByText(/Needs a connection/)).toBeNull();
  });

  it('says it needs a connection when the service cannot reach SIGPAC', async () => {
    const analysis = vi.fn(async () => {
      throw new ClientError(503, 'SERVICE_UNAVAILABLE', 'sigpac.mapa.gob.es: getaddrinfo ENOTFOUND');
    });
    renderWith(analysis);
    await waitFor(() => expect(screen.getByText(/Needs a connection \(SIGPAC, the agricultural parcel register, is online only\)/)).toBeTruthy());
  });
});
