import { describe, expect, it } from 'vitest';
import { readRegisterParcel } from '../../../store/register-parcels.js';
import { listZipEntries, readZipEntryText } from '../../../formats/zip-archive.js';
import { DK_ADDRESS_POINT, DK_LINKED_PARCEL, keyedFake } from './fake.js';
import { denmark } from '../definition.js';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests({ ...denmark, name: 'Denmark' }, keyedFake);

const europe = useEuropeApi();
const { get, post } = europe;

describe('Denmark by address (DAWA, the real recorded address object)', () => {
  it('places the address and follows its jordstykke link (ejerlav 2000178, matrikelnr "13") to the parcel', async () => {
    const response = await get(`/api/search/address/candidates?country=DK&q=${encodeURIComponent('Mikkel Bryggers Gade 1, 1460 København K')}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.candidatos[0]).toMatchObject({
      refCatastral: DK_LINKED_PARCEL,
      pais: 'DK',
      numero: 1,
      codigoPostal: '1460',
      municipio: 'København',
      provincia: 'Region Hovedstaden',
      longitud: DK_ADDRESS_POINT[0],
      latitud: DK_ADDRESS_POINT[1],
      coincideNumero: true,
      coincideMunicipio: true,
    });
    expect(data.attribution).toMatch(/DAWA/);
    expect(europe.api.fake.requests.some((u) => u.pathname === '/dk-dawa/jordstykker/2000178/13')).toBe(true);
  });

  it('answers 404 when DAWA knows no such address', async () => {
    expect((await get('/api/search/address/candidates?country=DK&q=Ingenvej 999')).statusCode).toBe(404);
  });
});

describe('Denmark by reference and coordinates (DAWA jordstykker; hand-written answers)', () => {
  it('answers ejerlav-matrikelnr with municipality and attribution, then from the copy', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'DK');
    const response = await get(`/api/catastro/${DK_LINKED_PARCEL}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: DK_LINKED_PARCEL, pais: 'DK', municipio: 'København', dataSource: 'catastro' });
    expect(response.json().data.attribution).toMatch(/Matriklen/);
    expect((await get(`/api/catastro/${DK_LINKED_PARCEL}`)).json().data.dataSource).toBe('clone');
  });

  it("answers 404 (DAWA's 404 error object) for an unknown parcel, 503 when DAWA does not answer", async () => {
    const missing = await get('/api/catastro/2000178-99x');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/ejerlav/);
    europe.api.fake.failNext(503, 1);
    expect((await get('/api/catastro/2000178-98')).statusCode).toBe(503);
  });

  it('finds the parcel at the address point by reverse lookup', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'DK');
    const response = await post('/api/search/coordinates', { latitude: DK_ADDRESS_POINT[1], longitude: DK_ADDRESS_POINT[0], country: 'DK' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ referenciaCatastral: DK_LINKED_PARCEL, pais: 'DK' });
  });
});

describe('Denmark bulk import (the real Datafordeler MAT JSON download, no geometry)', () => {
  it('keeps the jordstykker in force (Gældende, open registration and effect) in the register, areas read from strings', async () => {
    const zip = countryFixture('dk_datafordeler_mat_totaludtraek_dagligt_json_v3_20200217050021.zip');
    const [entry] = (await listZipEntries(zip)).filter((e) => e.name.endsWith('.json'));
    const records = JSON.parse(await readZipEntryText(entry, 8 << 20)).JordstykkeList as Record<string, string | null>[];
    const current = records.filter((r) => r.status === 'Gældende' && r.registreringTil === null && r.virkningTil === null);
    expect(current.length).toBeLessThan(records.length);

    const [result] = await europe.api.service.importFiles([zip]);
    expect(result).toMatchObject({ kind: 'dk-mat-json', parcels: current.length, skipped: records.length - current.length });
    const sample = current[0];
    expect(typeof sample.registreretAreal).toBe('string');
    expect(readRegisterParcel(embeddedCopy(europe.api.service).db, 'DK', `${sample.ejerlavLokalId}-${sample.matrikelnummer}`)).toMatchObject({
      areaM2: Number(sample.registreretAreal),
      municipalityCode: sample.kommuneLokalId,
      propertyId: sample.samletFastEjendomLokalId,
    });
    const provisional = records.find((r) => r.status !== 'Gældende')!;
    const alsoCurrent = current.some((r) => r.ejerlavLokalId === provisional.ejerlavLokalId && r.matrikelnummer === provisional.matrikelnummer);
    if (!alsoCurrent)
      expect(readRegisterParcel(embeddedCopy(europe.api.service).db, 'DK', `${provisional.ejerlavLokalId}-${provisional.matrikelnummer}`)).toBeUndefined();
    // No outline: nothing of it is drawn or located.
    expect(embeddedCopy(europe.api.service).countParcels('DK')).toBeLessThanOrEqual(1);
  });
});
