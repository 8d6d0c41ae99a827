// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../../renderer/i18n/i18n.js';

// The marker needs no real map here: only the element it is given is looked at.
vi.mock('maplibre-gl', () => ({
  Marker: class {
    constructor(readonly options: { element: HTMLElement }) {
      document.body.append(options.element);
    }
    setLngLat() {
      return this;
    }
    addTo() {
      return this;
    }
    remove() {
      this.options.element.remove();
    }
  },
}));
const { locateMe } = await import('../../../../renderer/tools/locate.js');
const { MapTools } = await import('../../../../renderer/tools/MapTools.js');

/** A device position with its accuracy in metres, and a map that only needs to be flown to. */
function placeDevice(accuracy: number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { longitude: -4.47, latitude: 41.03, accuracy } } as GeolocationPosition) },
  });
  window.__catastroMap = { getZoom: () => 14, flyTo: () => undefined } as unknown as typeof window.__catastroMap;
}

/** A device that answers with a GeolocationPositionError of `code` (1 refused, 2 no fix, 3 too late). */
function failDevice(code: number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code, message: '' } as GeolocationPositionError) },
  });
  window.__catastroMap = { getZoom: () => 14, flyTo: () => undefined } as unknown as typeof window.__catastroMap;
}

afterEach(async () => {
  cleanup();
  document.body.replaceChildren();
  await i18next.changeLanguage('en');
});

describe('the device position marker', () => {
  it('says its accuracy as the language writes numbers', async () => {
    placeDevice(1234.4);
    await i18next.changeLanguage('de');
    expect(await locateMe()).toBe('located');
    expect(document.querySelector('.my-location')?.getAttribute('title')).toBe('± 1.234 m');
    await i18next.changeLanguage('en');
    expect(await locateMe()).toBe('located');
    expect(document.querySelector('.my-location')?.getAttribute('title')).toBe('± 1,234 m');
  });

  it('says why there is no position: permission refused, no fix, or too late', async () => {
    const said: string[] = [];
    for (const code of [1, 2, 3]) {
      failDevice(code);
      expect(await locateMe()).toBe(['denied', 'unavailable', 'timeout'][code - 1]);
      render(<MapTools />);
      fireEvent.click(screen.getByTestId('tool-locate'));
      said.push((await screen.findByTestId('location-failed')).textContent ?? '');
      cleanup();
    }
    expect(said[0]).toMatch(/allow location/);
    expect(said[1]).toMatch(/could not find your position/);
    expect(said[2]).toMatch(/15 seconds/);
  });
});
