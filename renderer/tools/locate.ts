import { Marker } from 'maplibre-gl';
import { calmCamera } from '../map/calm-camera.js';
import { formatNumber } from '../i18n/format.js';

let marker: Marker | undefined;

/**
 * Centres the map on the device's position (field work) and marks it with its accuracy; false
 * when the platform refuses or has no fix within 15 s.
 */
export function locateMe(): Promise<boolean> {
  const map = window.__catastroMap;
  if (!map || !('geolocation' in navigator)) return Promise.resolve(false);
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
        resolve(true);
      },
      () => resolve(false),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}
