import { describe, expect, it } from 'vitest';
import { MIN_PARCEL_TILE_ZOOM, type BBox, type CopyExtent } from '../../../../core/model/index.js';
import { MIN_PARCEL_TILE_ZOOM as TILE_RULE } from '../../../../core/map/parcel-tiles.js';
import { PARCEL_MIN_ZOOM } from '../../../../renderer/map/map-style.js';
import { LAST_VIEW_STORAGE_KEY, areaCamera, rememberView, rememberedView, startCamera, takenAreas, type FitBox } from '../../../../renderer/map/start-view.js';

// The bundled sample as GET /api/extents answers it (CatastroService over a fresh data folder).
const SAMPLE: CopyExtent = {
  area: 'ES.40146',
  name: 'MELQUE DE CERCOS',
  bbox: [-4.507508277893066, 41.01799392700195, -4.449242115020752, 41.07322311401367],
  parcels: 1443,
};
// One parcel looked up live in Madrid: an "area" of one parcel far from the sample.
const MADRID_LOOKUP: CopyExtent = { area: 'ES:MADRID', name: 'MADRID', bbox: [-3.6884, 40.4301, -3.6878, 40.4305], parcels: 1, lookedUp: true };
// An imported French commune (Bayonne's box, roughly): with the sample, the union spans the Bay of Biscay.
const FRENCH_COMMUNE: CopyExtent = { area: 'FR:64102', name: 'Bayonne', bbox: [-1.5186, 43.4614, -1.4228, 43.5198], parcels: 9800 };

/** MapLibre's fit of a box in a window of width×height px (512 px tiles, Web Mercator), 40 px padding, at most zoom 16. */
function mercatorFit(width: number, height: number, padding = 40): FitBox {
  const x = (lon: number) => (lon + 180) / 360;
  const y = (lat: number) => (1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2;
  return ([w, s, e, n]: BBox) => {
    const zoom = Math.log2(Math.min((width - 2 * padding) / ((x(e) - x(w)) * 512), (height - 2 * padding) / ((y(s) - y(n)) * 512)));
    return { center: [(w + e) / 2, (s + n) / 2], zoom: Math.min(16, zoom) };
  };
}

const LAPTOP = mercatorFit(1024, 700);
const WIDE = mercatorFit(2560, 1440);

describe('the first view', () => {
  it("uses the tiles' one zoom rule: the renderer names the core's constant", () => {
    expect(PARCEL_MIN_ZOOM).toBe(MIN_PARCEL_TILE_ZOOM);
    expect(TILE_RULE).toBe(MIN_PARCEL_TILE_ZOOM);
  });

  it('opens on the view the user last worked in', () => {
    const last = { center: [-4.47, 41.06] as [number, number], zoom: 15.2 };
    expect(startCamera([SAMPLE, FRENCH_COMMUNE], last, LAPTOP)).toEqual(last);
  });

  it("else centres the largest area at the parcels' zoom where fitting it would fall below that zoom (a 1024 px laptop)", () => {
    expect(LAPTOP(SAMPLE.bbox)!.zoom).toBeLessThan(MIN_PARCEL_TILE_ZOOM); // the old fit: no parcels drawn
    const camera = startCamera([SAMPLE], null, LAPTOP)!;
    expect(camera.zoom).toBe(MIN_PARCEL_TILE_ZOOM);
    expect(camera.center[0]).toBeCloseTo((SAMPLE.bbox[0] + SAMPLE.bbox[2]) / 2, 9);
    expect(camera.center[1]).toBeCloseTo((SAMPLE.bbox[1] + SAMPLE.bbox[3]) / 2, 9);
  });

  it('fits the largest area when the screen is big enough to show it whole at parcel zoom', () => {
    const fitted = WIDE(SAMPLE.bbox)!;
    expect(fitted.zoom).toBeGreaterThanOrEqual(MIN_PARCEL_TILE_ZOOM);
    expect(startCamera([SAMPLE], null, WIDE)).toEqual(fitted);
  });

  it('picks the area with the most parcels, not the union of all areas (no zoom-5 view over the Bay of Biscay)', () => {
    const camera = startCamera([SAMPLE, FRENCH_COMMUNE], null, LAPTOP)!;
    expect(camera.zoom).toBeGreaterThanOrEqual(MIN_PARCEL_TILE_ZOOM);
    expect(camera.center[0]).toBeGreaterThan(FRENCH_COMMUNE.bbox[0]);
    expect(camera.center[0]).toBeLessThan(FRENCH_COMMUNE.bbox[2]);
  });

  it("never counts a live lookup's parcel as an area", () => {
    expect(takenAreas([MADRID_LOOKUP, SAMPLE]).map((a) => a.area)).toEqual(['ES.40146']);
    expect(startCamera([MADRID_LOOKUP, SAMPLE], null, LAPTOP)!.center[0]).toBeCloseTo(-4.478, 2);
    expect(startCamera([MADRID_LOOKUP], null, LAPTOP)).toBeNull();
  });

  it("centres an area at the parcels' zoom when the map cannot fit it (no size yet)", () => {
    expect(areaCamera(SAMPLE, () => undefined).zoom).toBe(MIN_PARCEL_TILE_ZOOM);
  });
});

describe('the remembered last view', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
  };

  it('keeps views at parcel zoom and gives them back', () => {
    const storage = memory();
    rememberView({ center: [-4.47, 41.06], zoom: 16.25 }, storage);
    expect(rememberedView(storage)).toEqual({ center: [-4.47, 41.06], zoom: 16.25 });
  });

  it('keeps no view below parcel zoom: a glance at the country is not where the user worked', () => {
    const storage = memory();
    rememberView({ center: [-4.47, 41.06], zoom: 15 }, storage);
    rememberView({ center: [-3.7, 40.4], zoom: MIN_PARCEL_TILE_ZOOM - 0.5 }, storage);
    expect(rememberedView(storage)?.center).toEqual([-4.47, 41.06]);
  });

  it('ignores what is not a view (hand-edited or damaged storage)', () => {
    for (const text of ['{', '"x"', '{"center":[500,0],"zoom":15}', '{"center":[1,2],"zoom":3}', '{"center":[1],"zoom":15}', 'null']) {
      expect(rememberedView({ getItem: (key) => (key === LAST_VIEW_STORAGE_KEY ? text : null) }), text).toBeNull();
    }
    expect(
      rememberedView({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBeNull();
  });
});
