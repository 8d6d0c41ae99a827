import { describe, expect, it } from 'vitest';
import { countryGoldenTests } from '../../../../test/helpers/country-golden.js';
import { useEuropeApi } from '../../../../test/helpers/europe-api.js';
import { forgetParcels } from '../../../../test/helpers/forget-parcels.js';
import { inside } from '../../../../test/fake-upstream/countries/hand-parcels.js';
import { bulgaria } from '../country.js';
import { BG_PARCEL, fake } from './fake.js';
import { embeddedCopy } from '../../../../test/helpers/embedded-copy.js';

countryGoldenTests(bulgaria, fake);

describe('Bulgaria (AGKK ArcGIS layer; Cyrillic addresses) — hand-written answers in the documented ArcGIS format', () => {
  const europe = useEuropeApi();
  const { get, post, candidates, requests } = europe;

  it("detects EKATTE.district.property and answers the parcel with the layer's area", async () => {
    const response = await get(`/api/catastro/${BG_PARCEL.ref}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCatastral: BG_PARCEL.ref, pais: 'BG', superficieParcela: 3598.2 });
    const asked = requests('/arcgis/bg/0/query').at(-1)!.searchParams;
    expect(asked.get('where')).toBe(`nationalcadastralref='${BG_PARCEL.ref}'`);
    expect(asked.get('outSR')).toBe('4326');
  });

  it('answers by coordinates with a point query', async () => {
    forgetParcels(embeddedCopy(europe.api.service), 'BG');
    const response = await post('/api/search/coordinates', inside(BG_PARCEL));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ refCat14: BG_PARCEL.ref, pais: 'BG' });
    expect(requests('/arcgis/bg/0/query').at(-1)!.searchParams.get('geometryType')).toBe('esriGeometryPoint');
  });

  it('accepts a Cyrillic address, asks the geocoder in Bulgarian and matches the municipality in Cyrillic', async () => {
    const response = await candidates('BG', 'бул. Витоша 15, София');
    expect(response.statusCode, response.body).toBe(200);
    const [best] = response.json().data.candidatos;
    expect(best).toMatchObject({ refCatastral: BG_PARCEL.ref, pais: 'BG', municipio: 'София', coincideNumero: true, coincideMunicipio: true });
    expect(best.confianza).toBeGreaterThanOrEqual(0.75);
    expect(requests('/nominatim/search').at(-1)!.searchParams.get('accept-language')).toBe('bg');
    expect((await candidates('BG', 'бул. Витоша 15, Пловдив')).json().data.candidatos[0].coincideMunicipio).toBe(false);
  });
});
