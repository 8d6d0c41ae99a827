import { Marker } from 'maplibre-gl';
import { calmCamera } from '../map/calm-camera.js';
import { formatNumber } from '../i18n/format.js';

let marker: Marker | undefined;

/** How a request for the position ended: found, or why not (the user can act on each differently). */
export type LocateOutcome = 'located' | 'denied' | 'unavailable' | 'timeout';

/** GeolocationPositionError's codes (1, 2, 3 in the W3C Geolocation API), named. */
const FAILURE_BY_CODE: Record<number, LocateOutcome> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * Centres the map on the device's position (field work) and marks it with its accuracy; else says
 * why not: permission refused, no fix from the device, or none within 15 s.
 */
export function locateMe(): Promise<LocateOutcome> {
  const map = window.__catastroMap;
  if (!map || !('geolocation' in navigator)) return Promise.resolve('unavailable');
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { longitude, latitude, accuracy } = position.coords;
        const element = document.createElement('div');
        element.className = 'my-location';
        element.dataset.testid = 'my-location';
        element.title = `± ${formatNumber(accuracy)} m`;
        marker?.remove();
        marker = new Marker({ element }).setLngLat([longitude, latitude]).addTo(map);
        map.flyTo({ center: [longitude, latitude], zoom: Math.max(map.getZoom(), 17), animate: !calmCamera() });
        resolve('located');
      },
      (error) => resolve(FAILURE_BY_CODE[error.code] ?? 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}
