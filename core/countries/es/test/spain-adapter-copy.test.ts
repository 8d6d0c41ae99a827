import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitReference } from '../reference.js';
import { containsPoint } from '../../../geo/polygon.js';
import { parseCadastralParcelXml } from '../../../formats/inspire-parcels.js';
import { fixture } from '../../../../test/helpers/paths.js';
import { failureOf, startRig, type AdapterRig } from './spain-adapter-harness.js';
import { CATASTRO_PARCELS } from '../catastro-files.js';

/** The copy filled from the real bulk download of municipality 40146 (no finca facts, no units). */
const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
const URBAN = '000700100UL74F';
const RUSTIC = '40146A00100001';
const officialArea = (ref: string) => {
  const member = gml.split('<member>').find((m) => m.includes(`gml:id="ES.SDGC.CP.${ref}"`))!;
  return Number(/<cp:areaValue uom="m2">([\d.]+)</.exec(member)![1]);
};

let rig: AdapterRig;
beforeAll(async () => {
  rig = await startRig();
  rig.store.upsertParcels(parseCadastralParcelXml(gml, { ...CATASTRO_PARCELS, source: 'inspire' }));
});
afterAll(async () => {
  await rig?.close();
});

describe('SpainAdapter over the bulk copy', () => {
  it('answers a parcel of the copy without asking the source, even while the source is down', async () => {
    rig.fake.setFault({ kind: 'status', status: 503 });
    const parcel = await rig.adapter.parcelByReference(URBAN, rig.ctx);
    expect(parcel).toMatchObject({ refCatastral: URBAN, dataSource: 'clone', superficieParcela: officialArea(URBAN), clase: 'Urbano' });
    expect(containsPoint({ type: 'Polygon', coordinates: [parcel.poligono] }, [parcel.longitud, parcel.latitud])).toBe(true);
    // The bulk parcel file has no address: availableFields says so.
    expect(parcel.availableFields.direccion).toBe(false);
    expect(parcel.direccion).toBeUndefined();
    expect((await rig.adapter.parcelByReference(RUSTIC, rig.ctx)).clase).toBe('Rústico');
    expect(rig.fake.requests).toEqual([]);
    rig.fake.setFault({ kind: 'none' });
  });

  it('locates a point of the copy without asking the source', async () => {
    const parcel = await rig.adapter.parcelByReference(URBAN, rig.ctx);
    const match = await rig.adapter.parcelAt([parcel.longitud, parcel.latitud], rig.ctx);
    expect(match).toMatchObject({ refCat14: URBAN, referenciaCatastral: unitReference(URBAN, '0001'), tipoInmueble: '' });
    expect(rig.fake.requests).toEqual([]);
  });

  it('reads units live for a finca the copy has no units for (404 here: the fake has no recording of it)', async () => {
    const error = await failureOf(rig.adapter.units(URBAN, undefined, rig.ctx));
    expect(error.code).toBe('NOT_FOUND');
    expect(rig.fake.requests.some((r) => r.includes(`RefCat=${URBAN}`))).toBe(true);
  });
});
