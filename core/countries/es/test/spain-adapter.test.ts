import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unitReference } from '../reference.js';
import { areaM2, containsPoint } from '../../../geo/polygon.js';
import { failureOf, recordedDnprc, recordedGetParcel, recordedUnitRefs, RECORDED_POINT, startRig, type AdapterRig } from './spain-adapter-harness.js';

let rig: AdapterRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const params = (request: string) => new URL(request, 'http://x').searchParams;

describe('SpainAdapter.parcelByReference (14 characters)', () => {
  it('reads a parcel missing from the copy live: official area, outline, centroid inside, DNPRC facts', async () => {
    const recorded = recordedGetParcel('es_catastro_wfs_getparcel_9398516VK3799G.gml');
    const parcel = await rig.adapter.parcelByReference('9398516VK3799G', rig.ctx);

    expect(parcel).toMatchObject({ refCatastral: '9398516VK3799G', pais: 'ES', dataSource: 'catastro', dataDate: today() });
    expect(parcel.superficieParcela).toBe(recorded.areaValue);
    const outline = { type: 'Polygon' as const, coordinates: [parcel.poligono] };
    expect(areaM2(outline) / recorded.areaValue).toBeCloseTo(1, 2);
    expect(parcel.poligono).toHaveLength(recorded.vertexCount);
    expect(parcel.poligono[0]).toEqual(parcel.poligono.at(-1));
    expect(containsPoint(outline, [parcel.longitud, parcel.latitud])).toBe(true);
    expect(parcel.mapsUrl).toContain(`?q=${parcel.latitud.toFixed(7)},${parcel.longitud.toFixed(7)}`);
    expect(parcel.attribution).toContain('Catastro');

    const first = recordedDnprc.lrcdnp.rcdnp[0];
    expect(parcel).toMatchObject({
      direccion: `${first.dt.locs.lous.lourb.dir.tv} ${first.dt.locs.lous.lourb.dir.nv} 72(C)`,
      codigoPostal: first.dt.locs.lous.lourb.dp,
      municipio: first.dt.nm,
      provincia: first.dt.np,
      uso: 'Residencial',
      clase: 'Urbano',
      anioConstruccion: Number(first.debi.ant),
    });
    // 18 properties: no single built area for the finca.
    expect(parcel.superficieConstruida).toBeUndefined();
    expect(parcel.availableFields).toEqual({
      uso: true,
      clase: true,
      anioConstruccion: true,
      superficieConstruida: false,
      coefParticipacion: false,
      direccion: true,
      busquedaDireccion: true,
    });
  });

  it('asks the WFS with the recorded stored-query parameters and Consulta_DNPRC with RefCat', async () => {
    await rig.adapter.parcelByReference('9398516VK3799G', rig.ctx);
    const wfs = rig.fake.requests.find((r) => r.startsWith('/INSPIRE/wfsCP.aspx'))!;
    expect(Object.fromEntries(params(wfs))).toEqual({
      service: 'wfs',
      version: '2',
      request: 'storedqueries',
      STOREDQUERIE_ID: 'GetParcel',
      REFCAT: '9398516VK3799G',
      srsname: 'EPSG::25830',
    });
    const dnprc = rig.fake.requests.find((r) => r.includes('/COVCCallejero.svc/json/Consulta_DNPRC?'))!;
    expect(Object.fromEntries(params(dnprc))).toEqual({ Provincia: '', Municipio: '', RefCat: '9398516VK3799G' });
  });

  it('serves the cached parcel from the copy afterwards without asking the source', async () => {
    const live = await rig.adapter.parcelByReference('9398516VK3799G', rig.ctx);
    const asked = rig.fake.requests.length;
    const copy = await rig.adapter.parcelByReference('9398516vk3799g', rig.ctx);
    expect(rig.fake.requests.length).toBe(asked);
    expect(copy.dataSource).toBe('clone');
    expect(copy.poligono).toEqual(live.poligono);
    expect(copy.direccion).toBe(live.direccion);
    expect(rig.store.getParcel('ES', '9398516VK3799G')?.source).toBe('live');
  });

  it('reads a parcel in another UTM zone (EPSG:25831) with its decimal official area', async () => {
    const recorded = recordedGetParcel('es_catastro_wfs_getparcel_6362209CF9666S_25831.gml');
    const parcel = await rig.adapter.parcelByReference('6362209CF9666S', rig.ctx);
    expect(parcel.superficieParcela).toBe(1041.63);
    expect(recorded.areaValue).toBe(1041.63);
    expect(containsPoint({ type: 'Polygon', coordinates: [recorded.ring] }, [parcel.longitud, parcel.latitud])).toBe(true);
  });

  it('answers the outline alone when the Catastro lists no property data for the parcel', async () => {
    const parcel = await rig.adapter.parcelByReference('8429105VK1882N', rig.ctx);
    expect(parcel.superficieParcela).toBe(recordedGetParcel('es_catastro_wfs_getparcel_8429105VK1882N.gml').areaValue);
    expect(parcel.direccion).toBeUndefined();
    expect(parcel.availableFields.direccion).toBe(false);
    expect(parcel.availableFields.uso).toBe(false);
  });

  it('answers 404 NOT_FOUND for a reference the WFS does not know (recorded ExceptionReport)', async () => {
    const error = await failureOf(rig.adapter.parcelByReference('0000000XX0000X', rig.ctx));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.status).toBe(404);
  });

  it('answers 400 VALIDATION_ERROR with a hint for a malformed reference, without asking the source', async () => {
    const error = await failureOf(rig.adapter.parcelByReference('9398516VK3799G0001NN', rig.ctx));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain("'AY'");
    expect(rig.fake.requests).toEqual([]);
  });
});

describe('SpainAdapter.parcelByReference (20-character unit)', () => {
  it('returns the unit’s own fields over its finca’s outline', async () => {
    const ref = recordedUnitRefs[5];
    const raw = recordedDnprc.lrcdnp.rcdnp.find((p: any) => `${p.rc.pc1}${p.rc.pc2}${p.rc.car}${p.rc.cc1}${p.rc.cc2}` === ref);
    const unit = await rig.adapter.parcelByReference(ref, rig.ctx);
    const finca = await rig.adapter.parcelByReference('9398516VK3799G', rig.ctx);
    expect(unit).toMatchObject({
      refCatastral: ref,
      uso: raw.debi.luso,
      superficieConstruida: Number(raw.debi.sfc),
      participacion: Number(raw.debi.cpt.replace(',', '.')),
      coefParticipacion: raw.debi.cpt,
      escalera: '',
      planta: raw.dt.locs.lous.lourb.loint.pt,
      puerta: raw.dt.locs.lous.lourb.loint.pu,
      anioConstruccion: Number(raw.debi.ant),
      dataSource: 'catastro',
    });
    expect(unit.availableFields.coefParticipacion).toBe(true);
    expect(unit.poligono).toEqual(finca.poligono);
    expect([unit.latitud, unit.longitud]).toEqual([finca.latitud, finca.longitud]);
  });

  it('answers a unit from the copy after the finca’s units were read', async () => {
    await rig.adapter.units('9398516VK3799G', undefined, rig.ctx);
    await rig.adapter.parcelByReference('9398516VK3799G', rig.ctx);
    const asked = rig.fake.requests.length;
    const unit = await rig.adapter.parcelByReference(recordedUnitRefs[0], rig.ctx);
    expect(rig.fake.requests.length).toBe(asked);
    expect(unit.dataSource).toBe('clone');
    expect(unit.planta).toBe('-1');
  });

  it('answers 404 for a well-formed unit the finca does not have', async () => {
    const error = await failureOf(rig.adapter.parcelByReference(unitReference('9398516VK3799G', '0099'), rig.ctx));
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('SpainAdapter.units', () => {
  it('reads the finca live the first time: every recorded unit, counts, date and attribution', async () => {
    const page = await rig.adapter.units('9398516VK3799G', undefined, rig.ctx);
    expect(page.dataSource).toBe('catastro');
    expect(page.unidades.map((u) => u.refCatastral)).toEqual(recordedUnitRefs);
    expect(page).toMatchObject({
      refCatastral: '9398516VK3799G',
      totalUnidades: 18,
      totalUnidadesFinca: recordedDnprc.control.cudnp,
      truncated: false,
      dataDate: today(),
      municipio: 'MADRID',
      codigoPostal: '28039',
      usoGeneral: 'Residencial',
      anioConstruccion: 1997,
    });
    expect(page.nextCursor).toBeUndefined();
    expect(page.attribution).toContain('Catastro');
  });

  it('serves the second call from the copy without asking the source', async () => {
    await rig.adapter.units('9398516VK3799G', undefined, rig.ctx);
    const asked = rig.fake.requests.length;
    const page = await rig.adapter.units('9398516VK3799G', undefined, rig.ctx);
    expect(page.dataSource).toBe('clone');
    expect(page.unidades.map((u) => u.refCatastral)).toEqual(recordedUnitRefs);
    expect(rig.fake.requests.length).toBe(asked);
  });

  it('pages by reference with nextCursor until truncated is false', async () => {
    const small = await startRig({ adapter: { unitsPageSize: 5 } });
    try {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const page = await small.adapter.units('9398516VK3799G', cursor, small.ctx);
        pages++;
        expect(page.totalUnidades).toBe(page.unidades.length);
        expect(page.totalUnidadesFinca).toBe(18);
        seen.push(...page.unidades.map((u) => u.refCatastral));
        if (!page.truncated) {
          expect(page.nextCursor).toBeUndefined();
          break;
        }
        expect(page.unidades).toHaveLength(5);
        expect(page.nextCursor).toBe(page.unidades[4].refCatastral);
        expect(page.dataSource).toBe(pages === 1 ? 'catastro' : 'clone');
        cursor = page.nextCursor;
      }
      expect(pages).toBe(4);
      expect(seen).toEqual(recordedUnitRefs);
    } finally {
      await small.close();
    }
  });

  it('cuts a 20-character reference to its finca', async () => {
    const page = await rig.adapter.units(recordedUnitRefs[3], undefined, rig.ctx);
    expect(page.refCatastral).toBe('9398516VK3799G');
  });

  it.each([
    ['of another finca', '7837301VG8173B0001TT'],
    ['that is malformed', 'abc'],
    ['in lower case', recordedUnitRefs[0].toLowerCase()],
  ])('answers 400 VALIDATION_ERROR for a cursor %s', async (_label, cursor) => {
    const error = await failureOf(rig.adapter.units('9398516VK3799G', cursor, rig.ctx));
    expect(error.code).toBe('VALIDATION_ERROR');
  });

  it('reads live when the copy holds fewer units than the finca declares, then serves the copy', async () => {
    await rig.adapter.units('9398516VK3799G', undefined, rig.ctx);
    const all = rig.store.unitsPage('ES', '9398516VK3799G', undefined, 100);
    rig.store.replaceUnits('ES', '9398516VK3799G', all.slice(0, 3));
    expect(rig.store.countUnits('ES', '9398516VK3799G')).toBe(3);

    const page = await rig.adapter.units('9398516VK3799G', undefined, rig.ctx);
    expect(page.dataSource).toBe('catastro');
    expect(page.unidades).toHaveLength(18);
    expect(rig.store.countUnits('ES', '9398516VK3799G')).toBe(18);
    expect((await rig.adapter.units('9398516VK3799G', undefined, rig.ctx)).dataSource).toBe('clone');
  });

  it('answers 404 for a finca the Catastro does not know', async () => {
    const error = await failureOf(rig.adapter.units('1234567AB1234C', undefined, rig.ctx));
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('SpainAdapter.parcelAt', () => {
  it('asks Consulta_RCCOOR at the recorded point in EPSG:25830 and names the finca', async () => {
    const match = await rig.adapter.parcelAt(RECORDED_POINT, rig.ctx);
    const rccoor = rig.fake.requests.find((r) => r.includes('Consulta_RCCOOR'))!;
    expect(Object.fromEntries(params(rccoor))).toEqual({ SRS: 'EPSG:25830', CoorX: '439242.88', CoorY: '4479664.51' });
    expect(match).toMatchObject({
      refCat14: '9398516VK3799G',
      // Several properties: the first one's reference; its letters are the ones the Catastro gave it.
      referenciaCatastral: recordedUnitRefs[0],
      direccion: 'CL SAN RESTITUTO 72(C)',
      municipio: 'MADRID',
      tipoInmueble: 'Residencial',
      coordenadas: { latitud: RECORDED_POINT[1], longitud: RECORDED_POINT[0] },
    });
    expect(match.mapsUrl).toContain('?q=');
  });

  it('answers from the copy for a point inside a cached parcel, without asking the source', async () => {
    const parcel = await rig.adapter.parcelByReference('9398516VK3799G', rig.ctx);
    const asked = rig.fake.requests.length;
    const match = await rig.adapter.parcelAt([parcel.longitud, parcel.latitud], rig.ctx);
    expect(rig.fake.requests.length).toBe(asked);
    expect(match.refCat14).toBe('9398516VK3799G');
    expect(match.referenciaCatastral).toBe(recordedUnitRefs[0]);
  });

  it('answers 404 where the Catastro has no parcel (recorded error 16)', async () => {
    const error = await failureOf(rig.adapter.parcelAt([-5.9845, 37.3891], rig.ctx));
    expect(error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['Paris', [2.35, 48.85]],
    ['the Atlantic west of the Canaries', [-25, 28]],
    ['swapped latitude and longitude', [40.46, -3.71]],
  ])('answers 400 VALIDATION_ERROR outside Spain (%s)', async (_label, point) => {
    const error = await failureOf(rig.adapter.parcelAt(point as [number, number], rig.ctx));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(rig.fake.requests).toEqual([]);
  });

  it.each([
    ['Tenerife', [-16.25, 28.46]],
    ['Mallorca', [2.65, 39.57]],
    ['Ceuta', [-5.31, 35.89]],
    ['Melilla', [-2.94, 35.29]],
    ['A Coruña', [-8.41, 43.36]],
  ])('accepts a point in %s as Spanish', (_label, point) => {
    const [lon, lat] = point;
    const [minLon, minLat, maxLon, maxLat] = rig.adapter.bounds;
    expect(lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat).toBe(true);
  });
});

describe('SpainAdapter.polygon', () => {
  it('is a GeoJSON Feature whose Polygon ring is the parcel outline', async () => {
    const result = await rig.adapter.polygon('9398516VK3799G', rig.ctx);
    const parcel = await rig.adapter.parcelByReference('9398516VK3799G', rig.ctx);
    expect(result.refcat).toBe('9398516VK3799G');
    expect(result.geojson.type).toBe('Feature');
    expect(result.geojson.geometry.type).toBe('Polygon');
    expect(result.geojson.geometry.coordinates[0]).toEqual(parcel.poligono);
  });
});
