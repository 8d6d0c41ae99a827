// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { LayerId } from '../../../../renderer/state/store.js';
import { probeBasemap } from '../../../../renderer/map/connectivity.js';
import { LAYER_GROUPS, LAYER_LEGENDS, buildMapStyle, isLayerShown } from '../../../../renderer/map/map-style.js';
import { i18next } from '../../../../renderer/i18n/i18n.js';

const allOn: Record<LayerId, boolean> = { basemap: true, cadastreWms: true, parcels: true, outlines: true, protectedAreas: true, groundMotion: true };

describe('map style', () => {
  it('holds a style layer for every toggle, and the parcel layers read the local tiles', () => {
    const style = buildMapStyle({ parcelTileUrl: 'http://127.0.0.1:1/api/tiles/parcels/{z}/{x}/{y}.pbf' });
    const ids = style.layers.map((layer) => layer.id);
    for (const group of Object.values(LAYER_GROUPS)) for (const id of group.layers) expect(ids).toContain(id);
    expect(style.sources.parcels).toMatchObject({ type: 'vector', tiles: ['http://127.0.0.1:1/api/tiles/parcels/{z}/{x}/{y}.pbf'], minzoom: 13 });
    const wms = style.sources['catastro-wms'] as { tiles: string[] };
    expect(wms.tiles[0]).toMatch(/^https:\/\/ovc\.catastro\.meh\.es\/Cartografia\/WMS\/ServidorWMS\.aspx\?.*LAYERS=Catastro.*BBOX=\{bbox-epsg-3857\}/);
    // No glyphs or sprites: the offline style must not need any network resource.
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
  });

  it('shows network layers only online, and every layer only when toggled on', () => {
    expect(isLayerShown('basemap', allOn, 'online')).toBe(true);
    expect(isLayerShown('basemap', allOn, 'offline')).toBe(false);
    expect(isLayerShown('cadastreWms', allOn, 'checking')).toBe(false);
    expect(isLayerShown('parcels', allOn, 'offline')).toBe(true);
    expect(isLayerShown('outlines', { ...allOn, outlines: false }, 'offline')).toBe(false);
  });
});

describe('probeBasemap', () => {
  it('is online when the basemap host answers and offline when the request fails', async () => {
    const answered: string[] = [];
    const ok = (async (url: string) => {
      answered.push(url);
      return new Response(null);
    }) as unknown as typeof fetch;
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await probeBasemap(1000, ok)).toBe(true);
    expect(answered).toEqual(['https://tile.openstreetmap.org/0/0/0.png']);
    expect(await probeBasemap(1000, failing)).toBe(false);
  });

  it('gives up after the timeout when the host never answers', async () => {
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError')));
      })) as unknown as typeof fetch;
    const started = Date.now();
    expect(await probeBasemap(50, hanging)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('overlay legends', () => {
  const style = buildMapStyle({ parcelTileUrl: 'http://127.0.0.1:1/{z}/{x}/{y}.pbf' });
  const paintColor = (id: string) => JSON.stringify((style.layers.find((layer) => layer.id === id) as { paint: Record<string, unknown> }).paint['fill-color']);

  it('the ground-motion legend lists the fill ramp stops, in velocity order, with their colours', () => {
    const legend = LAYER_LEGENDS.groundMotion!;
    const expression = JSON.parse(paintColor('ground-motion-fill')) as unknown[];
    const stops = expression.slice(3);
    expect(legend.map((entry) => entry.color)).toEqual(stops.filter((_, i) => i % 2 === 1));
    expect(legend.map((entry) => i18next.t(`map:${entry.key}`, entry.values))).toEqual([
      '-10 mm/year or faster (sinking)',
      '-2 mm/year',
      '0 mm/year (stable)',
      '+2 mm/year',
      '+10 mm/year or faster (rising)',
    ]);
  });

  it('every protected-area legend colour is one the fill draws', () => {
    for (const { color } of LAYER_LEGENDS.protectedAreas!) expect(paintColor('protected-areas-fill')).toContain(color);
  });
});
