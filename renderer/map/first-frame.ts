import type { Map as MapLibreMap, MapSourceDataEvent } from 'maplibre-gl';

/**
 * Keeps the map's canvas hidden until the first view's parcels are there, so that the first frame
 * painted is the one that shows them. Under software compositing (SwiftShader: a laptop or VM
 * without a usable GPU driver, Chromium with --disable-gpu) each painted WebGL frame is read back
 * from the GPU process (GLES2::ReadPixels), holding the page's main thread 100-600 ms: the frames
 * of the background and the empty view before the parcels came held back the parcels' own
 * (docs/performance.md "Fourth round, the load"). A hidden canvas is not composited, so not read.
 *
 * Shown at the first parcel tile of `source` after which every tile the view asked for is in (the
 * first view's parcels, or an empty view's answers), or at the map's first idle, whichever comes
 * first: a view without parcels (zoomed out, the layer off, the tiles failing) shows when settled.
 */
export function hideUntilFirstParcels(map: MapLibreMap, source: string): void {
  const canvas = map.getCanvas();
  canvas.style.visibility = 'hidden';
  const show = () => {
    map.off('sourcedata', onTile);
    map.off('idle', show);
    canvas.style.visibility = '';
  };
  const onTile = (event: MapSourceDataEvent) => {
    if (event.sourceId === source && event.tile && map.isSourceLoaded(source)) show();
  };
  map.on('sourcedata', onTile);
  map.on('idle', show);
}
