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
 * Never before `placed` (a map made before the app, out of its place: open-map.ts); placed with
 * its parcels in, it shows at once unless its view asks for tiles not in yet.
 */
export function hideUntilFirstParcels(map: MapLibreMap, source: string, placed: Promise<void> = Promise.resolve()): void {
  const canvas = map.getCanvas();
  canvas.style.visibility = 'hidden';
  let inPlace = false;
  let parcelsIn = false;
  const show = () => {
    if (!inPlace || !parcelsIn) return;
    map.off('sourcedata', onTile);
    map.off('idle', onIdle);
    canvas.style.visibility = '';
    map.triggerRepaint(); // the frame drawn while hidden was never composited
  };
  const onTile = (event: MapSourceDataEvent) => {
    if (event.sourceId !== source || !event.tile || !map.isSourceLoaded(source)) return;
    parcelsIn = true;
    show();
  };
  const onIdle = () => {
    parcelsIn = true;
    show();
  };
  map.on('sourcedata', onTile);
  map.on('idle', onIdle);
  void placed.then(() => {
    if (!parcelsIn) return void (inPlace = true);
    // Placed with its parcels in: the view may have been fitted again, and the tiles it asks for
    // (known once a frame has updated the sources) keep it hidden until they are in.
    map.once('render', () => {
      inPlace = true;
      if (!map.isSourceLoaded(source)) parcelsIn = false;
      show();
    });
    map.triggerRepaint();
  });
}
