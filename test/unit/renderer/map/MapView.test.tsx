// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { MapView } from '../../../../renderer/map/MapView.js';
import { PARCEL_MIN_ZOOM } from '../../../../renderer/map/map-style.js';
import { fakeClient } from '../../../helpers/fake-client.js';

// jsdom has no WebGL: a stand-in MapController records what MapView asks of it.
const controller = vi.hoisted(() => ({ reloadOverlays: vi.fn(), setLayers: vi.fn(), easeTo: vi.fn() }));
vi.mock('../../../../renderer/map/map-controller.js', () => ({
  MapController: class {
    map = { easeTo: controller.easeTo, on() {} };
    setLayers = controller.setLayers;
    setSelection() {}
    reloadOverlays = controller.reloadOverlays;
    destroy() {}
  },
}));

// The field tools and labels listen to the real map; here there is none.
vi.mock('../../../../renderer/tools/field-tools.js', () => ({
  FieldTools: class {
    destroy() {}
  },
}));
vi.mock('../../../../renderer/tools/parcel-labels.js', () => ({
  ParcelLabels: class {
    destroy() {}
  },
}));

afterEach(cleanup);

describe('MapView', () => {
  it('reloads the overlays when their data changes (a layer import), not on first load', () => {
    const client = fakeClient({ overlay: vi.fn() }, { kind: 'ipc' });
    useAppStore.getState().toggleLayer('protectedAreas', true);
    render(
      <ClientContext.Provider value={client}>
        <MapView />
      </ClientContext.Provider>,
    );
    expect(controller.reloadOverlays).not.toHaveBeenCalled();
    act(() => useAppStore.getState().refreshOverlay('protected-areas'));
    expect(controller.reloadOverlays).toHaveBeenCalledTimes(1);
  });

  it('far out, the "zoom in" notice is a button that brings the map to the parcels\' zoom', () => {
    const client = fakeClient({ overlay: vi.fn() }, { kind: 'ipc' });
    useAppStore.getState().toggleLayer('parcels', true);
    act(() => useAppStore.getState().setZoom(PARCEL_MIN_ZOOM - 1.4));
    render(
      <ClientContext.Provider value={client}>
        <MapView />
      </ClientContext.Provider>,
    );
    fireEvent.click(screen.getByTestId('zoom-hint'));
    expect(controller.easeTo).toHaveBeenCalledWith(expect.objectContaining({ zoom: PARCEL_MIN_ZOOM }));
    act(() => useAppStore.getState().setZoom(PARCEL_MIN_ZOOM));
    expect(screen.queryByTestId('zoom-hint')).toBeNull();
  });
});
