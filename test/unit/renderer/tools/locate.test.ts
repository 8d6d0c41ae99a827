// @vitest-environment jsdom
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

/** A device position with its accuracy in metres, and a map that only needs to be flown to. */
function placeDevice(accuracy: number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { longitude: -4.47, latitude: 41.03, accuracy } } as GeolocationPosition) },
  });
  window.__catastroMap = { getZoom: () => 14, flyTo: () => undefined } as unknown as typeof window.__catastroMap;
}

afterEach(async () => {
  document.body.replaceChildren();
  await i18next.changeLanguage('en');
});

describe('the device position marker', () => {
  it('says its accuracy as the language writes numbers', async () => {
    placeDevice(1234.4);
    await i18next.changeLanguage('de');
    expect(await locateMe()).toBe(true);
    expect(document.querySelector('.my-location')?.getAttribute('title')).toBe('± 1.234 m');
    await i18next.changeLanguage('en');
    expect(await locateMe()).toBe(true);
    expect(document.querySelector('.my-location')?.getAttribute('title')).toBe('± 1,234 m');
  });
});
