import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterNextPaint } from './calm-camera.js';

/** MapLibre's pending frame (map.ts triggerRepaint); not in its typings. */
type WithFrameRequest = { _frameRequest: AbortController | null };

/** What ends the hold at once: the user goes on with the map (a drag right after the click pans at once). */
const NEXT_GESTURES = ['mousedown', 'touchstart', 'wheel', 'keydown'] as const;

/**
 * Puts off the map frame a click asks for until the click's answer has been painted.
 *
 * MapLibre redraws the whole map after every click though nothing in it changed: its mouse-pan
 * handler, active from mousedown, is let go on mouseup and asks for a frame to apply its (empty)
 * change (HandlerManager._triggerRenderFrame calls triggerRepaint). Under software WebGL that frame
 * costs 100-500 ms (its commit waits for SwiftShader in GLES2::ReadPixels), and the clicked parcel's
 * panel, answered meanwhile, waited behind it. MapLibre has no option for this, so its pending
 * frame is cancelled here and asked again once `answered` settles and the page has painted, or as
 * soon as the user presses, touches, scrolls or types on the map. A frame anything else asks for
 * meanwhile (a tile, a source's data, a camera move) is drawn as usual.
 */
export function holdClickFrame(map: MapLibreMap, answered: Promise<unknown>): void {
  const internal = map as unknown as WithFrameRequest;
  if (!internal._frameRequest || map.isMoving()) return;
  internal._frameRequest.abort();
  internal._frameRequest = null;
  let held = true;
  const container = map.getCanvasContainer();
  // Drawn meanwhile for another reason: MapLibre's handlers had their frame, nothing left to ask.
  const stop = () => {
    held = false;
    map.off('render', stop);
    for (const type of NEXT_GESTURES) container.removeEventListener(type, release, true);
  };
  const release = () => {
    if (!held) return;
    stop();
    if (!(map as unknown as { _removed?: boolean })._removed) map.triggerRepaint();
  };
  map.on('render', stop);
  for (const type of NEXT_GESTURES) container.addEventListener(type, release, { capture: true, passive: true });
  void answered.catch(() => undefined).finally(() => afterNextPaint(release));
}
